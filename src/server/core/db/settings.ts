import { randomBytes } from 'node:crypto'
import type { Db } from '#server/core/db/database'

// A value made once and kept in the database, so that every app instance sharing the database
// (and every restore of a backup) agrees on it.
export async function persistentSecret(db: Db, key: string): Promise<string> {
  const existing = await db.kysely
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst()
  if (existing) return existing.value
  const value = randomBytes(32).toString('base64url')
  await db.kysely
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((c) => c.column('key').doNothing())
    .execute()
  const stored = await db.kysely
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow()
  return stored.value
}
