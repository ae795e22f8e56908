import { z } from 'zod'
import { associationSettingsSchema, type Settings } from '#shared/schemas/settings'
import { readJsonSetting, writeJsonSetting } from '#server/core/db/settings'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The association's settings are one JSON value in app_settings. A field never saved is left
// out, so that its default (the environment's, or the spec's text) shows instead.
const SETTINGS_KEY = 'association'

const storedSettings = associationSettingsSchema.partial().extend({ version: z.int().min(1) })

export type StoredSettings = z.infer<typeof storedSettings>

export const findStoredSettings = (tx: ReadTx): Promise<StoredSettings | undefined> =>
  readJsonSetting(tx, SETTINGS_KEY, storedSettings)

export const storeSettings = (tx: WriteTx, settings: Settings): Promise<void> =>
  writeJsonSetting(tx, SETTINGS_KEY, storedSettings, settings)
