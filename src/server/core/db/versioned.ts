import {
  PostgresAdapter,
  sql,
  type Generated,
  type Kysely,
  type QueryResult,
  type Updateable,
} from 'kysely'
import type { z } from 'zod'
import { commonMessages } from '#shared/messages/common'
import type { Database } from '#server/core/db/schema'
import { reusableStatement } from '#server/core/db/reusable-query'
import { readJsonSetting, writeJsonSetting } from '#server/core/db/settings'
import { withoutWaiting, type ReadTx, type WriteTx } from '#server/core/db/write-transaction'
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
 * 409 staleVersion when someone changed it since (or it has gone). Returns the new version. On
 * PostgreSQL the UPDATE checks the version itself and is not waited for (withoutWaiting): a stale
 * one fails the whole write with the 409, at its COMMIT at the latest.
 */
export async function updateAtVersion<T extends VersionedTable>(
  tx: WriteTx,
  table: T,
  id: Database[T]['id'] extends infer I ? (I extends { __select__: infer S } ? S : I) : never,
  version: number,
  values: Omit<Updateable<Database[T]>, 'id' | 'version'>,
): Promise<number> {
  // Kysely leaves out a column whose value is undefined, so the columns given decide the SQL.
  const given = Object.entries(values).filter(([, value]) => value !== undefined)
  const update = updateOf(
    table,
    given.map(([column]) => column),
  )
  const checked = update(tx, id as number | string, version, ...given.map(([, value]) => value))
    // SQLite's UPDATE says how many rows it changed; PostgreSQL's fails by itself.
    .then(
      (result) => {
        if (result.numAffectedRows !== undefined && Number(result.numAffectedRows) !== 1)
          throw conflict(commonMessages.staleVersion)
      },
      (error: unknown) => {
        throw (error as { code?: string }).code === NOT_AT_VERSION
          ? conflict(commonMessages.staleVersion)
          : error
      },
    )
  await withoutWaiting(tx, checked)
  return version + 1
}

// What PostgreSQL's one_row_at_version (migration 063) raises when the UPDATE changed no row.
const NOT_AT_VERSION = 'V0409'

// One statement a table and set of columns, compiled once: the writes of a record are its few
// shapes, over and over.
type Update = (
  tx: WriteTx,
  id: number | string,
  version: number,
  ...values: unknown[]
) => Promise<QueryResult<unknown>>
const updates = new Map<string, Update>()

function updateOf(table: VersionedTable, columns: readonly string[]): Update {
  const key = [table, ...columns].join('\u0000')
  const cached = updates.get(key)
  if (cached) return cached
  const update: Update = reusableStatement(
    (kysely, id: number | string, version: number, ...values: unknown[]) => {
      const loose = kysely as unknown as Kysely<AnyVersioned>
      const updated = loose
        .updateTable(table as 'row')
        // The next version counted by the database: a version at the column's greatest (sent by
        // no client of ours) is then a stale one, not a number the column cannot hold.
        .set((eb) => ({
          ...Object.fromEntries(columns.map((column, i) => [column, values[i]])),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('version', '=', version)
      if (!(kysely.getExecutor().adapter instanceof PostgresAdapter)) return updated
      // PostgreSQL counts the rows changed, and fails the statement unless there is one.
      return loose
        .with('updated', () => updated.returning('id'))
        .selectFrom('updated')
        .select(sql<number>`one_row_at_version(count(*))`.as('changed'))
    },
  )
  updates.set(key, update)
  return update
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
