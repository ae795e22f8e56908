import { DEFAULT_LETTING_SETTINGS } from '#shared/domain/letting'
import {
  siteLettingSettingsSchema,
  storedLettingSettingsSchema,
  type LettingSettings,
  type SiteLettingSettings,
  type StoredLettingSettings,
} from '#shared/schemas/letting'
import type { WriteTx } from '#server/core/db/write-transaction'
import { versionedSetting } from '#server/core/db/versioned'
import { loggedChange } from '#server/core/logged-change'
import type { SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { siteOwnSettings } from '#server/features/sites/own-settings-sql'
import type { Letting } from '#server/features/letting/context'

// How plots are let: one JSON value in app_settings, edited by the administrator against its
// version. Version 0 means never saved: the defaults. A site may offer its plots its own way
// (issue 46, decision 53): its days to answer and what declining costs, kept beside them.
export const lettingSettings = versionedSetting(
  'letting',
  storedLettingSettingsSchema,
  () => DEFAULT_LETTING_SETTINGS,
)

/** How a site's plots are offered, read and saved (404, 403 outside the scope, 409 stale). */
export const siteLetting = siteOwnSettings({
  organisation: lettingSettings,
  schema: siteLettingSettingsSchema,
  unset: () => ({ offers: null }),
  own: ({ offers }: SiteLettingSettings) => offers,
  methodName: 'updateSiteLettingSettings',
})

/** The settings an offer of a plot on that site goes by: the site's own, else the organisation's. */
export const lettingSettingsForSite = siteLetting.forSite

/** How a site's plots are offered saved, or cleared (null) for the organisation's way. */
export function saveSiteLettingSettings(
  { db }: Letting,
  viewer: Viewer,
  scope: SiteScope,
  siteId: number,
  input: SiteLettingSettings,
): Promise<SiteLettingSettings> {
  const change = siteLetting.change(viewer, siteId)
  return loggedChange(db, change, (tx) => siteLetting.save(tx, scope, siteId, input), input)
}

/** What the public application form shows: the notice beside the consent box, and how many
 * sites' lists may be chosen (issue 46). */
export async function privacyNotice({
  db,
}: Letting): Promise<{ privacyNotice: string; sitesPerApplicant: number }> {
  const { privacyNotice, sitesPerApplicant } = await lettingSettings.read(db.kysely)
  return { privacyNotice, sitesPerApplicant }
}

export function saveLettingSettings(
  { db }: Letting,
  viewer: Viewer,
  input: LettingSettings & { version: number },
  /** Stores what the new settings make due (the yearly question's next date). */
  scheduleNext: (tx: WriteTx, saved: StoredLettingSettings) => Promise<void>,
): Promise<StoredLettingSettings> {
  return loggedChange(
    db,
    {
      methodName: 'updateLettingSettings',
      eventCollection: 'settings',
      docId: lettingSettings.key,
      userName: viewer.userName,
    },
    async (tx) => {
      const saved = await lettingSettings.save(tx, input)
      await scheduleNext(tx, saved)
      return saved
    },
    input,
  )
}
