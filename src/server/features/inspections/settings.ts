import { DEFAULT_INSPECTION_SETTINGS } from '#shared/domain/inspections'
import {
  storedInspectionSettingsSchema,
  type InspectionSettings,
  type StoredInspectionSettings,
} from '#shared/schemas/inspections'
import { versionedSetting } from '#server/core/db/versioned'
import { loggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import type { Inspections } from '#server/features/inspections/context'

// How plots are inspected and chased: one JSON value in app_settings, edited by the administrator
// against its version. Version 0 means never saved: the defaults.
export const inspectionSettings = versionedSetting(
  'inspections',
  storedInspectionSettingsSchema,
  () => DEFAULT_INSPECTION_SETTINGS,
)

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
