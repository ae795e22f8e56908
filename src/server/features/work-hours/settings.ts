import { DEFAULT_WORK_HOURS, type WorkHoursRules } from '#shared/domain/work-hours'
import {
  siteWorkHoursSchema,
  storedWorkHoursSchema,
  type SiteWorkHours,
  type StoredWorkHours,
} from '#shared/schemas/work-hours'
import type { Db } from '#server/core/db/database'
import { versionedSetting } from '#server/core/db/versioned'
import type { ReadTx } from '#server/core/db/write-transaction'
import { loggedChange } from '#server/core/logged-change'
import type { SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { siteOwnSettings } from '#server/features/sites/own-settings-sql'

// Work hours owed and what they are worth (decision 66): one JSON value in app_settings, the
// organisation's, edited by the committee against its version; a site may have its own, kept
// beside it the one way decision 53 keeps a site's letting and inspection settings.
export const workHoursSettings = versionedSetting('workHours', storedWorkHoursSchema, () => ({
  ...DEFAULT_WORK_HOURS,
}))

const siteWorkHours = siteOwnSettings({
  organisation: workHoursSettings,
  schema: siteWorkHoursSchema,
  unset: () => ({ hours: null }),
  own: ({ hours }: SiteWorkHours) => hours,
  methodName: 'updateSiteWorkHours',
})

/** What each site's plots go by: its own work hours, else the organisation's. */
export async function rulesBySite(
  tx: ReadTx,
  siteIds: readonly number[],
): Promise<Map<number, WorkHoursRules>> {
  return siteWorkHours.bySite(tx, await workHoursSettings.read(tx), siteIds)
}

export const readSiteWorkHours = siteWorkHours.read

/** The organisation's, saved by the committee (refused to a limited account by the route). */
export function saveWorkHoursSettings(
  db: Db,
  viewer: Viewer,
  input: StoredWorkHours,
): Promise<StoredWorkHours> {
  return loggedChange(
    db,
    {
      methodName: 'updateWorkHoursSettings',
      eventCollection: 'settings',
      docId: workHoursSettings.key,
      userName: viewer.userName,
    },
    (tx) => workHoursSettings.save(tx, input),
    input,
  )
}

/** A site's own, saved, or cleared (null) for the organisation's: 404, 403 outside the scope. */
export function saveSiteWorkHours(
  db: Db,
  viewer: Viewer,
  scope: SiteScope,
  siteId: number,
  input: SiteWorkHours,
): Promise<SiteWorkHours> {
  return loggedChange(
    db,
    siteWorkHours.change(viewer, siteId),
    (tx) => siteWorkHours.save(tx, scope, siteId, input),
    input,
  )
}
