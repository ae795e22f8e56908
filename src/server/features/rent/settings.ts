import { DEFAULT_RENT_SETTINGS } from '#shared/domain/rent'
import {
  siteRentSettingsSchema,
  storedRentSettingsSchema,
  type RentSettings,
  type SiteRentSettings,
  type StoredRentSettings,
} from '#shared/schemas/rent'
import type { Db } from '#server/core/db/database'
import { versionedSetting } from '#server/core/db/versioned'
import type { ReadTx } from '#server/core/db/write-transaction'
import { loggedChange } from '#server/core/logged-change'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { requireSite } from '#server/features/sites/sql'

// How rent is charged, paid and chased: one JSON value in app_settings, edited by the
// administrator against its version. Version 0 means never saved: the defaults. A site may have
// its own rates beside it (issue 46, decision 48), one value per site kept the same way, under
// the organisation's key and the site's id; without them its plots are charged the organisation's.
const stored = versionedSetting('rent', storedRentSettingsSchema, () => ({
  ...DEFAULT_RENT_SETTINGS,
  extras: [...DEFAULT_RENT_SETTINGS.extras],
}))

const siteStored = (siteId: number) =>
  versionedSetting(`${stored.key}:site:${siteId}`, siteRentSettingsSchema, () => ({
    rates: null,
  }))

export const rentSettings = stored.read

/** The organisation's: it sets every site's rates that has none of its own. */
export function saveRentSettings(
  db: Db,
  viewer: Viewer,
  input: RentSettings & { version: number },
): Promise<StoredRentSettings> {
  return loggedChange(
    db,
    {
      methodName: 'updateRentSettings',
      eventCollection: 'settings',
      docId: stored.key,
      userName: viewer.userName,
    },
    (tx) => stored.save(tx, input),
    input,
  )
}

/** A site's rent settings: 404 for no such site, 403 for one outside the scope. */
export async function siteRentSettings(
  tx: ReadTx,
  scope: SiteScope,
  siteId: number,
): Promise<SiteRentSettings> {
  await requireSite(tx, siteId)
  requireSiteInScope(scope, siteId)
  return siteStored(siteId).read(tx)
}

/** A site's own rates saved, or cleared (null) to fall back to the organisation's. */
export function saveSiteRentSettings(
  db: Db,
  viewer: Viewer,
  scope: SiteScope,
  siteId: number,
  input: SiteRentSettings,
): Promise<SiteRentSettings> {
  const site = siteStored(siteId)
  return loggedChange(
    db,
    {
      methodName: 'updateSiteRentSettings',
      eventCollection: 'settings',
      docId: site.key,
      userName: viewer.userName,
      sites: [siteId],
    },
    async (tx) => {
      await requireSite(tx, siteId)
      requireSiteInScope(scope, siteId)
      return site.save(tx, input)
    },
    input,
  )
}

/**
 * What each of the sites' plots is charged by: the organisation's settings with the site's own
 * rates where it has them. One read per site, inside the caller's write (a year's start).
 */
export async function rulesBySite(
  tx: ReadTx,
  settings: RentSettings,
  siteIds: readonly number[],
): Promise<Map<number, RentSettings>> {
  const unique = [...new Set(siteIds)]
  const own = await Promise.all(unique.map((siteId) => siteStored(siteId).read(tx)))
  return new Map(
    unique.map((siteId, at) => {
      const { rates } = own[at]!
      return [siteId, rates ? { ...settings, ...rates } : settings]
    }),
  )
}
