import { DEFAULT_LETTING_SETTINGS } from '#shared/domain/letting'
import {
  storedLettingSettingsSchema,
  type LettingSettings,
  type StoredLettingSettings,
} from '#shared/schemas/letting'
import type { WriteTx } from '#server/core/db/write-transaction'
import { versionedSetting } from '#server/core/db/versioned'
import { loggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import type { Letting } from '#server/features/letting/context'

// How plots are let: one JSON value in app_settings, edited by the administrator against its
// version. Version 0 means never saved: the defaults.
export const lettingSettings = versionedSetting(
  'letting',
  storedLettingSettingsSchema,
  () => DEFAULT_LETTING_SETTINGS,
)

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
