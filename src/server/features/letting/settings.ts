import { DEFAULT_LETTING_SETTINGS } from '#shared/domain/letting'
import { messages } from '#shared/messages'
import {
  storedLettingSettingsSchema,
  type LettingSettings,
  type StoredLettingSettings,
} from '#shared/schemas/letting'
import type { Db } from '#server/core/db/database'
import { readJsonSetting, writeJsonSetting } from '#server/core/db/settings'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { conflict } from '#server/core/errors'
import { loggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'

// How plots are let: one JSON value in app_settings, edited by the administrator against its
// version. Version 0 means never saved: the defaults.
const KEY = 'letting'

export async function lettingSettings(tx: ReadTx): Promise<StoredLettingSettings> {
  return (await readJsonSetting(tx, KEY, storedLettingSettingsSchema)) ?? { ...DEFAULT_LETTING_SETTINGS, version: 0 }
}

export function saveLettingSettings(
  db: Db,
  viewer: Viewer,
  input: LettingSettings & { version: number },
  /** Stores what the new settings make due (the yearly question's next date). */
  afterSave: (tx: WriteTx, saved: StoredLettingSettings) => Promise<void>,
): Promise<StoredLettingSettings> {
  return loggedChange(
    db,
    { methodName: 'updateLettingSettings', eventCollection: 'settings', docId: KEY, userName: viewer.userName },
    async (tx) => {
      const current = await lettingSettings(tx)
      if (current.version !== input.version) throw conflict(messages.staleVersion)
      const saved = { ...input, version: current.version + 1 }
      await writeJsonSetting(tx, KEY, storedLettingSettingsSchema, saved)
      await afterSave(tx, saved)
      return saved
    },
    input,
  )
}
