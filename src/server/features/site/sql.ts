import { z } from 'zod'
import { associationSettingsSchema, type Settings } from '#shared/schemas/settings'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The association's settings are one JSON value in app_settings. A field never saved is left
// out, so that its default (the environment's, or the spec's text) shows instead.
const SETTINGS_KEY = 'association'

const storedSettings = associationSettingsSchema.partial().extend({ version: z.int().min(1) })

export type StoredSettings = z.infer<typeof storedSettings>

export async function findStoredSettings(tx: ReadTx): Promise<StoredSettings | undefined> {
  const row = await tx
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', SETTINGS_KEY)
    .executeTakeFirst()
  if (!row) return undefined
  const parsed = storedSettings.safeParse(JSON.parse(row.value))
  if (!parsed.success)
    throw new Error(`The stored association settings are not valid: ${parsed.error.message}`)
  return parsed.data
}

export async function storeSettings(tx: WriteTx, settings: Settings): Promise<void> {
  const value = JSON.stringify(storedSettings.parse(settings))
  await tx
    .insertInto('app_settings')
    .values({ key: SETTINGS_KEY, value })
    .onConflict((c) => c.column('key').doUpdateSet({ value }))
    .execute()
}
