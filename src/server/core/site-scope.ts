import type { FastifyRequest } from 'fastify'
import { forbidden } from '#server/core/errors'

// An account's limit, and the log's sites of a change, are kept as text ("2,5"): one way.
export { readSiteLimit, writeSiteLimit } from '#shared/domain/sites'

// Issue 46, decision 43: which sites' records a request may see and change, decided in one
// place. An account may be limited to some sites (a site representative); a screen may ask for
// one site (`?site=`). The scope is the sites of both; every query of records kept by site takes
// it (people's by `peopleInScope` of people/sql.ts, decision 46), and a record read or changed by
// id outside it is refused (403).

/** The sites a request reaches: every one (null), or those listed (never empty). */
export interface SiteScope {
  readonly sites: readonly number[] | null
}

export const EVERY_SITE: SiteScope = { sites: null }

/**
 * The scope of a request: the viewer's sites, narrowed to the one `asked` for (a screen's choice
 * of site). Asking for a site outside the viewer's limit is refused, not answered empty.
 */
export function siteScope(request: FastifyRequest, asked?: number): SiteScope {
  const limit = request.viewer?.sites ?? null
  if (asked === undefined) return { sites: limit }
  if (limit && !limit.includes(asked)) throw forbidden()
  return { sites: [asked] }
}

/** Whether a record of that site is within the scope. */
export const seesSite = (scope: SiteScope, siteId: number): boolean =>
  scope.sites === null || scope.sites.includes(siteId)

/** Refuses (403) a record of a site outside the scope. */
export function requireSiteInScope(scope: SiteScope, siteId: number): void {
  if (!seesSite(scope, siteId)) throw forbidden()
}

/** Whether a record of those sites (a person's: their plots' and lists' sites) is within the scope. */
export const reachesAny = (scope: SiteScope, siteIds: readonly number[]): boolean =>
  scope.sites === null || siteIds.some((id) => scope.sites!.includes(id))

/** Refuses (403) a record of those sites (none: the organisation's own) outside the scope. */
export function requireSitesInScope(scope: SiteScope, siteIds: readonly number[]): void {
  if (!reachesAny(scope, siteIds)) throw forbidden()
}

/**
 * Refuses (403) a viewer limited to some sites what is the whole organisation's and no site's
 * (former members due for erasure, holds on them): decision 46.
 */
export function requireEverySite(scope: SiteScope): void {
  if (scope.sites !== null) throw forbidden()
}

/** A route's option: the whole organisation's, refused to an account limited to some sites. */
export const everySite = {
  onRequest: async (request: FastifyRequest) => requireEverySite(siteScope(request)),
}
