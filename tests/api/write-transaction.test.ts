import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeTransaction, type WriteTx } from '#server/core/db/write-transaction'
import { dataVersion } from '#server/core/db/data-version'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Writes that arrive together share one commit on SQLite (group commit), and run side by side on
// PostgreSQL, locking the records they name (decision 13). Each must still stand or fall alone, no
// read-modify-write may lose another's change, and each is stored when it is acknowledged.
describe.each(engines)('write transactions on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(() => t.close())

  const note = (tx: WriteTx, key: string, value: string) =>
    tx
      .insertInto('app_settings')
      .values({ key, value })
      .onConflict((c) => c.column('key').doUpdateSet({ value }))
      .execute()
  const read = async (key: string) =>
    (
      await t.db.kysely
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst()
    )?.value

  it('keeps every accepted write of a burst and none of a refused one', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        writeTransaction(t.db, async (tx) => {
          await note(tx, `burst-${i}`, 'written')
          if (i % 3 === 0) throw new Error(`refused ${i}`)
          return i
        }),
      ),
    )
    for (const [i, outcome] of outcomes.entries()) {
      if (i % 3 === 0) {
        expect(outcome).toEqual({ status: 'rejected', reason: new Error(`refused ${i}`) })
        expect(await read(`burst-${i}`)).toBeUndefined()
      } else {
        expect(outcome).toEqual({ status: 'fulfilled', value: i })
        expect(await read(`burst-${i}`)).toBe('written')
      }
    }
  })

  it('loses none of a burst of read-modify-writes (SQLite: in the order they were made)', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        // Each names the record it reads and rewrites, as every logged change does.
        writeTransaction(
          t.db,
          async (tx) => {
            const row = await tx
              .selectFrom('app_settings')
              .select('value')
              .where('key', '=', 'order')
              .executeTakeFirst()
            await note(tx, 'order', `${row?.value ?? ''}${i},`)
          },
          ['app_settings:order'],
        ),
      ),
    )
    const written = (await read('order'))!.split(',').filter(Boolean).map(Number)
    const all = Array.from({ length: 20 }, (_, i) => i)
    // PostgreSQL runs them side by side, each waiting for the lock on the record: any order.
    expect(engine === 'sqlite' ? written : [...written].sort((a, b) => a - b)).toEqual(all)
  })

  it('has the write on record, with a new data version, by the time it is acknowledged', async () => {
    const before = await dataVersion(t.db)
    await writeTransaction(t.db, (tx) => note(tx, 'acknowledged', 'yes'))
    expect(await read('acknowledged')).toBe('yes')
    expect(await dataVersion(t.db)).not.toBe(before)
  })
})
