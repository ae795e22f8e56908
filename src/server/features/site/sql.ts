import { z } from 'zod'
import { associationSettingsSchema, type Settings } from '#shared/schemas/settings'
import { readSetting, writeSetting } from '#server/core/db/settings'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The association's settings are one JSON value in app_settings. A field never saved is left
// out, so that its default (the environment's, or the spec's text) shows instead.
const SETTINGS_KEY = 'association'

const storedSettings = associationSettingsSchema.partial().extend({ version: z.int().min(1) })

export type StoredSettings = z.infer<typeof storedSettings>

export async function findStoredSettings(tx: ReadTx): Promise<StoredSettings | undefined> {
  const value = await readSetting(tx, SETTINGS_KEY)
  if (value === undefined) return undefined
  const parsed = storedSettings.safeParse(JSON.parse(value))
  if (!parsed.success)
    throw new Error(`The stored association settings are not valid: ${parsed.error.message}`)
  return parsed.data
}

export function storeSettings(tx: WriteTx, settings: Settings): Promise<void> {
  return writeSetting(tx, SETTINGS_KEY, JSON.stringify(storedSettings.parse(settings)))
}
