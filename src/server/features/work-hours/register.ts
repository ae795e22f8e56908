import { fullName } from '#shared/domain/message-copies'
import { hoursOf } from '#shared/domain/hours'
import { hoursBetween } from '#shared/domain/work-hours'
import type { Register } from '#shared/schemas/work-hours'
import type { ReadTx } from '#server/core/db/write-transaction'
import type { SiteScope } from '#server/core/site-scope'
import { comingTo } from '#server/features/calendar/coming-sql'
import { tenantNames } from '#server/features/people/sql'
import { registerScope, requireWorkParty } from '#server/features/work-hours/event'
import { attendanceAt } from '#server/features/work-hours/sql'

/** Someone on a work party's register, whether or not anything is recorded for them yet. */
export interface OnRegister {
  personId: string
  name: string
  coming: boolean
}

const entry = (
  person: { id: string; firstName: string; lastName: string },
  coming: boolean,
): OnRegister => ({ personId: person.id, name: fullName(person), coming })

const byName = (a: OnRegister, b: OnRegister) => a.name.localeCompare(b.name, 'en-GB')

/**
 * Who is on a work party's register, and so who may be recorded at it (decision 66): those who
 * said they would come first, tenants or not (a member on the site's waiting list comes to help
 * too, and their hours are theirs), then its site's other tenants (every site's for a party of
 * every site), each by name. With `onlyPerson`, whether that one person is on it: a record
 * arriving from the phone asks for its person alone, not a council's every tenant.
 */
export async function onRegister(
  tx: ReadTx,
  event: { id: number; siteId: number | null },
  onlyPerson?: string,
): Promise<OnRegister[]> {
  const [everyoneComing, tenants] = await Promise.all([
    comingTo(tx, event.id),
    tenantNames(tx, registerScope(event.siteId), onlyPerson),
  ])
  const coming = everyoneComing.filter(
    (person) => onlyPerson === undefined || person.personId === onlyPerson,
  )
  const comingIds = new Set(coming.map((person) => person.personId))
  return [
    ...coming.map((person) => entry({ ...person, id: person.personId }, true)).sort(byName),
    ...tenants
      .filter((tenant) => !comingIds.has(tenant.id))
      .map((tenant) => entry(tenant, false))
      .sort(byName),
  ]
}

/** A work party's register as the organiser ticks it: who is on it, with what is recorded for each. */
export async function readRegister(
  tx: ReadTx,
  scope: SiteScope,
  eventId: number,
): Promise<Register> {
  const event = await requireWorkParty(tx, scope, eventId)
  const [people, recorded] = await Promise.all([onRegister(tx, event), attendanceAt(tx, [eventId])])
  const hours = new Map(recorded.map((row) => [row.personId, hoursOf(row.quarters)]))
  return {
    event: {
      id: event.id,
      title: event.title,
      siteId: event.siteId,
      day: event.day,
      hours: hoursBetween(event.startsAt, event.endsAt),
    },
    people: people.map((person) => ({ ...person, hours: hours.get(person.personId) ?? null })),
  }
}
