import { randomUUID } from 'node:crypto'
import type { Db } from '#server/core/db/database'
import { reusableQuery } from '#server/core/db/reusable-query'
import type { Tx } from '#server/core/db/write-transaction'

// A marker that changes with every committed write (set inside writeTransaction), so that a
// cached answer can tell, with one indexed read, whether the data under it may have changed.
// A fresh random value rather than a counter: an import or restore can never bring back a value
// that a cache already holds.
export const DATA_VERSION_KEY = 'data-version'

export async function markDataChanged(tx: Tx) {
  await tx
    .insertInto('app_settings')
    .values({ key: DATA_VERSION_KEY, value: randomUUID() })
    .onConflict((c) => c.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute()
}

const versionQuery = reusableQuery((kysely) =>
  kysely.selectFrom('app_settings').select('value').where('key', '=', DATA_VERSION_KEY),
)

export async function dataVersion(db: Db): Promise<string | undefined> {
  const [row] = await versionQuery(db.kysely)
  return row?.value
}
