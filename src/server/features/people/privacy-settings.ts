import { DEFAULT_PRIVACY_SETTINGS } from '#shared/domain/privacy'
import {
  storedPrivacySettingsSchema,
  type PrivacySettings,
  type StoredPrivacySettings,
} from '#shared/schemas/privacy'
import { versionedSetting } from '#server/core/db/versioned'
import type { WriteTx } from '#server/core/db/write-transaction'
import { loggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import type { Privacy } from '#server/features/people/privacy-context'

// How long personal data no longer needed is kept: one JSON value in app_settings, edited by the
// administrator against its version. Version 0 means never saved: the defaults (decision 27).
export const privacySettings = versionedSetting(
  'privacy',
  storedPrivacySettingsSchema,
  () => DEFAULT_PRIVACY_SETTINGS,
)

export function savePrivacySettings(
  { db }: Privacy,
  viewer: Viewer,
  input: PrivacySettings & { version: number },
  /** Stores the daily run's first job, when there is none yet. */
  scheduleFirstRun: (tx: WriteTx) => Promise<void>,
): Promise<StoredPrivacySettings> {
  return loggedChange(
    db,
    {
      methodName: 'updatePrivacySettings',
      eventCollection: 'settings',
      docId: privacySettings.key,
      userName: viewer.userName,
    },
    async (tx) => {
      const saved = await privacySettings.save(tx, input)
      await scheduleFirstRun(tx)
      return saved
    },
    input,
  )
}
