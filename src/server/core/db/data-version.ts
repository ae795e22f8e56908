import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '#server/core/db/database'
import { reusableQuery } from '#server/core/db/reusable-query'
import { writeSetting } from '#server/core/db/settings'
import type { WriteTx } from '#server/core/db/write-transaction'

// A marker that changes with every committed write, so that a cached answer can tell, with one
// indexed read, whether the data under it may have changed. Readers read it before the data, so
// a cache can only ever hold data at least as new as its marker.
export const DATA_VERSION_KEY = 'data-version'

// SQLite: one writer at a time, so every commit group writes a fresh random value inside its
// transaction (random rather than a counter: an import or restore can never bring back a value
// that a cache already holds).
export function markDataChanged(tx: WriteTx) {
  return writeSetting(tx, DATA_VERSION_KEY, randomUUID())
}

// PostgreSQL: writers run side by side, so none rewrites a shared row. After each commit a
// sequence moves on (no lock, no wait: write-transaction.ts sends this with the COMMIT); the
// marker is the database's epoch (migration 006) and the sequence's value.
export const ADVANCE_DATA_VERSION = "select nextval('data_version_seq')"

const sqliteVersion = reusableQuery((kysely) =>
  kysely.selectFrom('app_settings').select('value').where('key', '=', DATA_VERSION_KEY),
)

const postgresVersion = reusableQuery((kysely) =>
  kysely
    .selectFrom('app_settings')
    .select(sql<string>`value || ':' || (select last_value from data_version_seq)`.as('value'))
    .where('key', '=', DATA_VERSION_KEY),
)

export async function dataVersion(db: Db): Promise<string | undefined> {
  const [row] = await (db.dialect === 'postgres' ? postgresVersion : sqliteVersion)(db.kysely)
  return row?.value
}
