import { visibilitiesFor } from '#shared/domain/calendar'
import { LEVELS } from '#shared/domain/levels'
import type { ReadTx } from '#server/core/db/write-transaction'
import { forbidden } from '#server/core/errors'
import type { SiteScope } from '#server/core/site-scope'
import type { EventReach, EventRow } from '#server/features/calendar/sql'
import { sitesOfPerson } from '#server/features/people/sql'

// Whom the calendar shows what (decision 63), one rule for the members' page and the private
// feed alike: it is read from the account as it stands at each request.

/** Who is asking: a signed-in viewer, or the account behind a private calendar address. */
export interface CalendarAsker {
  level: number
  /** The account's limit to some sites (a site representative's); null for every site. */
  sites: readonly number[] | null
  personId: string | null
}

/** What the asker sees: the events, and the days that appear by themselves (the committee's). */
export interface CalendarReach {
  events: EventReach
  /** The sites of the rent, letting and inspection dates shown; none below the committee. */
  dates: SiteScope | null
  /** Who is coming: the asker's own person, and the sites whose events' lists they always see. */
  coming: ComingReach
}

export interface ComingReach {
  personId: string | null
  /**
   * The committee's sites (null: every site), whose events' lists of who is coming it sees
   * whatever the event says; null below the committee, who see a list only where the event shows it.
   */
  lists: SiteScope | null
}

/** The public's: public events of every site, nothing else. */
export const PUBLIC_REACH: CalendarReach = {
  events: { visibilities: ['public'], sites: null },
  dates: null,
  coming: { personId: null, lists: null },
}

/** Whether the reach sees the event: the rule `eventsBetween` asks the database, for one event. */
export const reachesEvent = (reach: EventReach, event: Pick<EventRow, 'visibility' | 'siteId'>) =>
  reach.visibilities.includes(event.visibility) &&
  (reach.sites === null || event.siteId === null || reach.sites.includes(event.siteId))

/**
 * Whether the asker sees who is coming to the event: where the event shows it to members, and
 * always to the committee of its site. An event of every site is the organisation's: a site
 * representative sees its list only where it is shown to members.
 */
export function seesWhoIsComing(
  coming: ComingReach,
  event: Pick<EventRow, 'siteId' | 'showComing'>,
): boolean {
  if (event.showComing === 1) return true
  const lists = coming.lists
  if (!lists) return false
  return lists.sites === null || (event.siteId !== null && lists.sites.includes(event.siteId))
}

/**
 * The committee sees every event of its sites (all of them, or those of its limit), and the days
 * that appear by themselves. A member sees the public's and members' events of every site's and
 * of the sites they are on (their plots' and their list's): a member of one site of a council's
 * hundred is not shown the other ninety-nine's work parties. `asked` narrows the committee's view
 * to one site (the screen's chosen site): outside its limit, refused.
 */
export async function calendarReach(
  tx: ReadTx,
  asker: CalendarAsker,
  asked?: number,
): Promise<CalendarReach> {
  const visibilities = visibilitiesFor(asker.level)
  if (asker.level >= LEVELS.committee) {
    if (asked !== undefined && asker.sites && !asker.sites.includes(asked)) throw forbidden()
    const sites = asked !== undefined ? [asked] : asker.sites
    return {
      events: { visibilities, sites },
      dates: { sites },
      coming: { personId: asker.personId, lists: { sites: asker.sites } },
    }
  }
  const own = asker.personId ? await sitesOfPerson(tx, asker.personId) : []
  const sites = [...new Set([...own, ...(asker.sites ?? [])])]
  const narrowed = asked === undefined ? sites : sites.filter((site) => site === asked)
  return {
    events: { visibilities, sites: narrowed },
    dates: null,
    coming: { personId: asker.personId, lists: null },
  }
}
