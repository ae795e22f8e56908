import { Kysely, SqliteDialect, sql } from 'kysely'
import SQLite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { reusableQuery } from '#server/core/db/reusable-query'
import type { Database } from '#server/core/db/schema'

describe('reusableQuery', () => {
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
  })

  it('runs a compiled query again with new arguments in place of the markers', async () => {
    const echo = reusableQuery((k, a: string, b: string) =>
      k.selectNoFrom([sql<string>`${a}`.as('a'), sql<string>`${b}`.as('b')]),
    )
    expect(await echo(kysely, 'one', 'two')).toEqual([{ a: 'one', b: 'two' }])
    expect(await echo(kysely, 'three', 'four')).toEqual([{ a: 'three', b: 'four' }])
  })

  it('serves a transaction of the same database with the same compilation', async () => {
    const echo = reusableQuery((k, a: string) => k.selectNoFrom(sql<string>`${a}`.as('a')))
    expect(await echo(kysely, 'outside')).toEqual([{ a: 'outside' }])
    const inside = await kysely.transaction().execute((tx) => echo(tx, 'inside'))
    expect(inside).toEqual([{ a: 'inside' }])
  })

  it('refuses a query whose argument does not reach it as a parameter', async () => {
    const inlined = reusableQuery((k, name: string) =>
      k.selectNoFrom(sql.lit(name.toUpperCase()).as('v')),
    )
    await expect(inlined(kysely, 'x')).rejects.toThrow(/argument 0 is not a plain parameter/)
  })
})
