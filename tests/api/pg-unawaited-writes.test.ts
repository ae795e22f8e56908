import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commonMessages } from '#shared/messages/common'
import { updateAtVersion } from '#server/core/db/versioned'
import { withoutWaiting, writeTransaction } from '#server/core/db/write-transaction'
import { plotAndWaitingAnn } from '#tests/helpers/pg-statements'
import { send } from '#tests/helpers/records'
import type { TestApp } from '#tests/helpers/test-app'

// Issue 49: on PostgreSQL a write does not wait for the answers it does not need (a versioned
// update checks its version in the database; withoutWaiting), so they travel with its COMMIT. A
// write that met a stale version, or a statement that failed unwaited, must still fail as a whole
// with that statement's own error, and keep nothing. SQLite waits for every answer, so this needs
// TEST_DATABASE_URL; without it the tests are reported as skipped, never as passed.
describe.runIf(!!process.env.TEST_DATABASE_URL)(
  'a PostgreSQL write that does not wait for its statements (runs only when TEST_DATABASE_URL is set, as CI does)',
  () => {
    let t: TestApp
    let committee: string

    beforeAll(async () => {
      ;({ t, committee } = await plotAndWaitingAnn())
    })
    afterAll(async () => {
      await t?.close()
    })

    const plot = async () => {
      const response = await send(t, committee, 'GET', '/api/plots/1')
      expect(response.statusCode, response.body).toBe(200)
      return response.json() as { description: string; version: number }
    }
    const logEntries = async () =>
      (await t.db.kysely.selectFrom('logs').select('id').execute()).length

    it('refuses a stale version with 409 and keeps nothing of the write, its log entry included', async () => {
      const before = await plot()
      const ann = (await send(t, committee, 'GET', '/api/people/ann')).json()
      const entries = await logEntries()
      const write = writeTransaction(
        t.db,
        async (tx) => {
          await updateAtVersion(tx, 'people', 'ann', ann.version, {
            notes: 'written before the stale one',
          })
          await updateAtVersion(tx, 'plots', '1', before.version - 1, { description: 'stale' })
          return 'done'
        },
        ['plots:1', 'people:ann'],
        (tx) => [
          tx.insertInto('logs').values({
            ...{ timeStamp: new Date().toISOString(), userName: 'test', methodName: 'test' },
            ...{ eventCollection: 'plots', docId: '1', value: '{}', error: 'null', siteIds: '' },
          }),
        ],
      )
      await expect(write).rejects.toMatchObject({
        status: 409,
        detail: commonMessages.staleVersion,
      })
      expect(await plot()).toEqual(before)
      expect(await logEntries()).toBe(entries)
      expect((await send(t, committee, 'GET', '/api/people/ann')).json()).toEqual(ann)
    })

    it('fails a write with the error of a statement it did not wait for, not with what followed it', async () => {
      const before = await plot()
      const write = writeTransaction(t.db, async (tx) => {
        await updateAtVersion(tx, 'plots', '1', before.version, { description: 'kept?' })
        await withoutWaiting(tx, sql`insert into plots (id) values (null)`.execute(tx))
        // Run after the failed insert, in an aborted transaction.
        return tx.selectFrom('plots').select('id').execute()
      })
      await expect(write).rejects.toMatchObject({ code: '23502' })
      expect(await plot()).toEqual(before)
    })

    it('writes on after both, at the versions the database counted', async () => {
      const before = await plot()
      const saved = await writeTransaction(t.db, (tx) =>
        updateAtVersion(tx, 'plots', '1', before.version, { description: 'after the refusals' }),
      )
      expect(saved).toBe(before.version + 1)
      expect(await plot()).toMatchObject({
        description: 'after the refusals',
        version: before.version + 1,
      })
    })
  },
)
