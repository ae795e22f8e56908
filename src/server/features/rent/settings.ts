import { DEFAULT_RENT_SETTINGS } from '#shared/domain/rent'
import {
  storedRentSettingsSchema,
  type RentSettings,
  type StoredRentSettings,
} from '#shared/schemas/rent'
import type { Db } from '#server/core/db/database'
import { versionedSetting } from '#server/core/db/versioned'
import { loggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'

// How rent is charged, paid and chased: one JSON value in app_settings, edited by the
// administrator against its version. Version 0 means never saved: the defaults.
const stored = versionedSetting('rent', storedRentSettingsSchema, () => ({
  ...DEFAULT_RENT_SETTINGS,
  extras: [...DEFAULT_RENT_SETTINGS.extras],
}))

export const rentSettings = stored.read

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
