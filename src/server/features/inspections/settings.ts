import { DEFAULT_INSPECTION_SETTINGS } from '#shared/domain/inspections'
import {
  siteInspectionSettingsSchema,
  storedInspectionSettingsSchema,
  type InspectionSettings,
  type SiteInspectionSettings,
  type StoredInspectionSettings,
} from '#shared/schemas/inspections'
import { versionedSetting } from '#server/core/db/versioned'
import { loggedChange } from '#server/core/logged-change'
import type { SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { siteOwnSettings } from '#server/features/sites/own-settings-sql'
import type { Inspections } from '#server/features/inspections/context'

// How plots are inspected and chased: one JSON value in app_settings, edited by the administrator
// against its version. Version 0 means never saved: the defaults. A site may judge its plots by
// its own standards (issue 46, decision 53): grades, days to put right and the steps of notices,
// kept beside them; the letters stay the organisation's.
export const inspectionSettings = versionedSetting(
  'inspections',
  storedInspectionSettingsSchema,
  () => DEFAULT_INSPECTION_SETTINGS,
)

/** A site's own standards, read and saved (404, 403 outside the scope, 409 stale). */
export const siteInspection = siteOwnSettings({
  organisation: inspectionSettings,
  schema: siteInspectionSettingsSchema,
  unset: () => ({ standards: null }),
  own: ({ standards }: SiteInspectionSettings) => standards,
  methodName: 'updateSiteInspectionSettings',
})

/** The settings a round of that site's plots goes by: its own standards, else the organisation's. */
export const inspectionSettingsForSite = siteInspection.forSite

/** A site's own standards saved, or cleared (null) for the organisation's. */
export function saveSiteInspectionSettings(
  { db }: Inspections,
  viewer: Viewer,
  scope: SiteScope,
  siteId: number,
  input: SiteInspectionSettings,
): Promise<SiteInspectionSettings> {
  const change = siteInspection.change(viewer, siteId)
  return loggedChange(db, change, (tx) => siteInspection.save(tx, scope, siteId, input), input)
}

export function saveInspectionSettings(
  { db }: Inspections,
  viewer: Viewer,
  input: InspectionSettings & { version: number },
): Promise<StoredInspectionSettings> {
  return loggedChange(
    db,
    {
      methodName: 'updateInspectionSettings',
      eventCollection: 'settings',
      docId: inspectionSettings.key,
      userName: viewer.userName,
    },
    (tx) => inspectionSettings.save(tx, input),
    input,
  )
}
