// Sites (issue 46): what a site may offer, and how a plot on a later site gets its own key.

export const SITE_FACILITIES = ['water', 'toilets', 'parking', 'stepFree'] as const
export type SiteFacility = (typeof SITE_FACILITIES)[number]

/** Facilities as the row keeps them ("water,parking"), in the list's order, unknown ones left out. */
export function readFacilities(text: string): SiteFacility[] {
  const given = new Set(text.split(','))
  return SITE_FACILITIES.filter((facility) => given.has(facility))
}

export const writeFacilities = (facilities: readonly SiteFacility[]): string =>
  readFacilities(facilities.join(',')).join(',')

/**
 * The keys a new plot called `name` on site `siteId` may take, best first: its name, as every
 * plot of a one-site installation has, then the name with the site's number ("1-2"), then with a
 * count. The first that no plot holds is its id (decision 43).
 */
export function* plotIdCandidates(name: string, siteId: number): Generator<string> {
  yield name
  yield `${name}-${siteId}`
  for (let count = 2; ; count += 1) yield `${name}-${siteId}-${count}`
}

/** Site ids as a row keeps them (an account's limit, a log entry's sites: "2,5"); null or '' for none. */
export function readSiteLimit(text: string | null): number[] | null {
  if (!text) return null
  const ids = text
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0)
  return ids.length ? ids : null
}

export const writeSiteLimit = (sites: readonly number[] | null): string =>
  sites?.length ? [...new Set(sites)].sort((a, b) => a - b).join(',') : ''
