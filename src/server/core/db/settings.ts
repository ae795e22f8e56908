import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type { Db } from '#server/core/db/database'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// app_settings: values kept by key in the database, so that every app instance sharing it (and
// every restore of a backup) agrees on them.

/** The value kept under `key`, if any. */
export async function readSetting(tx: ReadTx, key: string): Promise<string | undefined> {
  const row = await tx
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst()
  return row?.value
}

/** Whether a value is kept under any key that starts with `prefix` (a key per site: 'siteMap:'). */
export async function anySettingUnder(tx: ReadTx, prefix: string): Promise<boolean> {
  const row = await tx
    .selectFrom('app_settings')
    .select('key')
    .where('key', 'like', `${prefix}%`)
    .executeTakeFirst()
  return row !== undefined
}

/** Keeps `value` under `key`, replacing what was there. */
export async function writeSetting(tx: WriteTx, key: string, value: string): Promise<void> {
  await tx
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((c) => c.column('key').doUpdateSet({ value }))
    .execute()
}

/** The value kept under `key` as JSON, checked against `schema`; undefined if never kept. */
export async function readJsonSetting<T>(
  tx: ReadTx,
  key: string,
  schema: z.ZodType<T>,
): Promise<T | undefined> {
  const value = await readSetting(tx, key)
  if (value === undefined) return undefined
  const parsed = schema.safeParse(JSON.parse(value))
  if (!parsed.success)
    throw new Error(`The stored ${key} setting is not valid: ${parsed.error.message}`)
  return parsed.data
}

/** Keeps `value` under `key` as JSON, checked against `schema` first (and stripped to it). */
export const writeJsonSetting = <T>(tx: WriteTx, key: string, schema: z.ZodType<T>, value: T) =>
  writeSetting(tx, key, JSON.stringify(schema.parse(value)))

/** A random value made once: the first instance to ask makes it, every other reads that one. */
export async function persistentSecret(db: Db, key: string): Promise<string> {
  const existing = await readSetting(db.kysely, key)
  if (existing !== undefined) return existing
  await db.kysely
    .insertInto('app_settings')
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflict((c) => c.column('key').doNothing())
    .execute()
  const stored = await readSetting(db.kysely, key)
  if (stored === undefined) throw new Error(`app_settings lost ${key}`)
  return stored
}
