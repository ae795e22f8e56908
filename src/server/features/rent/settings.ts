import { DEFAULT_RENT_SETTINGS } from '#shared/domain/rent'
import { messages } from '#shared/messages'
import {
  storedRentSettingsSchema,
  type RentSettings,
  type StoredRentSettings,
} from '#shared/schemas/rent'
import type { Db } from '#server/core/db/database'
import { readJsonSetting, writeJsonSetting } from '#server/core/db/settings'
import type { ReadTx } from '#server/core/db/write-transaction'
import { conflict } from '#server/core/errors'
import { loggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'

// How rent is charged, paid and chased: one JSON value in app_settings, edited by the
// administrator against its version. Version 0 means never saved: the defaults.
const KEY = 'rent'

export async function rentSettings(tx: ReadTx): Promise<StoredRentSettings> {
  return (
    (await readJsonSetting(tx, KEY, storedRentSettingsSchema)) ?? {
      ...DEFAULT_RENT_SETTINGS,
      extras: [...DEFAULT_RENT_SETTINGS.extras],
      version: 0,
    }
  )
}

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
      docId: KEY,
      userName: viewer.userName,
    },
    async (tx) => {
      const current = await rentSettings(tx)
      if (current.version !== input.version) throw conflict(messages.staleVersion)
      const saved = { ...input, version: current.version + 1 }
      await writeJsonSetting(tx, KEY, storedRentSettingsSchema, saved)
      return saved
    },
    input,
  )
}
