import type { Generated, Kysely, Updateable } from 'kysely'
import type { z } from 'zod'
import { commonMessages } from '#shared/messages/common'
import type { Database } from '#server/core/db/schema'
import { readJsonSetting, writeJsonSetting } from '#server/core/db/settings'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { conflict } from '#server/core/errors'

// Versioned records, one way: a change names the version it was made against, and the UPDATE
// itself checks it, so that two committee members saving the same record at once cannot both
// succeed, whichever instance or engine runs them. Every change makes the next version.

// Kysely cannot follow a table chosen by a type parameter: the queries below see one loose table,
// while the signatures keep callers to the real tables and their columns.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyVersioned = { row: { id: any; version: number; [column: string]: any } }

/** The tables whose rows carry an id (text, or a number the database gives) and a version. */
export type VersionedTable = {
  [T in keyof Database]: Database[T] extends {
    id: string | number | Generated<number>
    version: number
  }
    ? T
    : never
}[keyof Database]

/**
 * Writes `values` to the row `id` of `table` if it is still at `version`, as the next version;
 * 409 staleVersion when someone changed it since (or it has gone). Returns the new version.
 */
export async function updateAtVersion<T extends VersionedTable>(
  tx: WriteTx,
  table: T,
  id: Database[T]['id'] extends infer I ? (I extends { __select__: infer S } ? S : I) : never,
  version: number,
  values: Omit<Updateable<Database[T]>, 'id' | 'version'>,
): Promise<number> {
  const result = await (tx as unknown as Kysely<AnyVersioned>)
    .updateTable(table as 'row')
    // The next version counted by the database: a version at the column's greatest (sent by no
    // client of ours) is then a stale one, not a number the column cannot hold.
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw conflict(commonMessages.staleVersion)
  return version + 1
}

/** Bumps a row's version for a change made beside its fields (a tenancy, a paid flag). */
export async function nextVersion<T extends VersionedTable>(
  tx: WriteTx,
  table: T,
  ids: readonly (string | number)[],
): Promise<void> {
  if (ids.length === 0) return
  await (tx as unknown as Kysely<AnyVersioned>)
    .updateTable(table as 'row')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', 'in', ids)
    .execute()
}

/**
 * A settings record kept as one JSON value of app_settings under `key`, edited against its
 * version like any record. Version 0 means never saved: the defaults.
 */
export function versionedSetting<T extends { version: number }>(
  key: string,
  schema: z.ZodType<T>,
  defaults: () => Omit<T, 'version'>,
) {
  async function read(tx: ReadTx): Promise<T> {
    return (await readJsonSetting(tx, key, schema)) ?? ({ ...defaults(), version: 0 } as T)
  }
  return {
    key,
    read,
    /** Saves `input` if the stored value is still at its version; 409 staleVersion otherwise. */
    async save(tx: WriteTx, input: T): Promise<T> {
      const current = await read(tx)
      if (current.version !== input.version) throw conflict(commonMessages.staleVersion)
      const saved = { ...input, version: current.version + 1 }
      await writeJsonSetting(tx, key, schema, saved)
      return saved
    },
  }
}
