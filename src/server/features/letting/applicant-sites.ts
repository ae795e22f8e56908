import { lettingMessages } from '#shared/messages/letting'
import type { Place } from '#shared/schemas/letting'
import type { ReadTx } from '#server/core/db/write-transaction'
import { unprocessable } from '#server/core/errors'
import { placesOnLists } from '#server/features/people/waiting-list-sql'
import { listSites } from '#server/features/sites/sql'
import { lettingSettings } from '#server/features/letting/settings'

// Issue 46, item 3 (decision 47): the lists an applicant chooses, and their place on each.

/**
 * The sites whose lists an application joins: those chosen, each open, at least one and no more
 * than the letting settings allow; where the organisation has one open site, that one, chosen or
 * not (the form asks nothing). 422 with the reason otherwise.
 */
export async function applicantSites(tx: ReadTx, chosen: readonly number[]): Promise<number[]> {
  const open = (await listSites(tx)).filter((site) => !site.retiredOn).map((site) => site.id)
  const sites = [...new Set(chosen)].sort((a, b) => a - b)
  if (open.length === 1 && sites.every((site) => site === open[0])) return open
  if (sites.length === 0) throw unprocessable(lettingMessages.chooseASite)
  const { sitesPerApplicant } = await lettingSettings.read(tx)
  if (sites.length > sitesPerApplicant)
    throw unprocessable(lettingMessages.tooManySites(sitesPerApplicant))
  if (sites.some((site) => !open.includes(site))) throw unprocessable(lettingMessages.siteNotOpen)
  return sites
}

/** Where the person is on each list they wait on, by their reference; undefined on none. */
export async function placesOf(
  tx: ReadTx,
  personId: string,
  reference: string,
): Promise<Place | undefined> {
  const [places, sites] = await Promise.all([placesOnLists(tx, personId), listSites(tx)])
  const [first] = places
  if (!first) return undefined
  const names = new Map(sites.map((site) => [site.id, site.name]))
  return {
    reference,
    position: first.position,
    total: first.total,
    places: places.map((place) => ({ ...place, siteName: names.get(place.siteId) ?? '' })),
  }
}
