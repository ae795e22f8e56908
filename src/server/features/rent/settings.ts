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
import { loggedChange } from '#server/core/logged-change'
import type { SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { siteOwnSettings } from '#server/features/sites/own-settings-sql'

// How rent is charged, paid and chased: one JSON value in app_settings, edited by the
// administrator against its version. Version 0 means never saved: the defaults. A site may have
// its own rates beside it (issue 46, decision 48), one value per site kept the same way, under
// the organisation's key and the site's id; without them its plots are charged the organisation's.
const stored = versionedSetting('rent', storedRentSettingsSchema, () => ({
  ...DEFAULT_RENT_SETTINGS,
  extras: [...DEFAULT_RENT_SETTINGS.extras],
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

/** A site's own rates (decision 48): read, saved, and charged to its plots. */
const siteRates = siteOwnSettings({
  organisation: stored,
  schema: siteRentSettingsSchema,
  unset: () => ({ rates: null }),
  own: ({ rates }: SiteRentSettings) => rates,
  methodName: 'updateSiteRentSettings',
})

/** A site's rent settings: 404 for no such site, 403 for one outside the scope. */
export const siteRentSettings = siteRates.read

/** A site's own rates saved, or cleared (null) to fall back to the organisation's. */
export function saveSiteRentSettings(
  db: Db,
  viewer: Viewer,
  scope: SiteScope,
  siteId: number,
  input: SiteRentSettings,
): Promise<SiteRentSettings> {
  const change = siteRates.change(viewer, siteId)
  return loggedChange(db, change, (tx) => siteRates.save(tx, scope, siteId, input), input)
}

/** What a site's plots are charged by: the organisation's settings with its own rates. */
export const rentSettingsForSite = siteRates.forSite

/**
 * What each of the sites' plots is charged by: the organisation's settings with the site's own
 * rates where it has them. One read per site, inside the caller's write (a year's start).
 */
export const rulesBySite = siteRates.bySite
