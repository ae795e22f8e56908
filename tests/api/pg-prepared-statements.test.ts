import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withPg } from '#tests/helpers/postgres'
import {
  onEveryStatement,
  plotAndWaitingAnn,
  type SentStatement,
} from '#tests/helpers/pg-statements'
import { send } from '#tests/helpers/records'
import type { TestApp } from '#tests/helpers/test-app'

// Issue 49, decision 67: on PostgreSQL the statements behind every request are prepared once per
// connection and sent by name. A newer instance's migration that adds a column to a table they
// read (a rolling upgrade) makes PostgreSQL refuse those prepared plans: reads and writes still
// answer, each connection sending the statement unnamed from then on. Only PostgreSQL prepares,
// so this needs TEST_DATABASE_URL; without it the tests are reported as skipped.
describe.runIf(!!process.env.TEST_DATABASE_URL)(
  'statements prepared by name on PostgreSQL (runs only when TEST_DATABASE_URL is set, as CI does)',
  () => {
    let t: TestApp
    let committee: string
    let stopListening = () => {}
    let sent: SentStatement[] | undefined

    beforeAll(async () => {
      ;({ t, committee } = await plotAndWaitingAnn())
      stopListening = onEveryStatement((_, statement) => sent?.push(statement))
    })
    afterAll(async () => {
      stopListening()
      await t?.close()
    })

    const plot = async () => {
      const response = await send(t, committee, 'GET', '/api/plots/1')
      expect(response.statusCode, response.body).toBe(200)
      return response.json() as { tenants: string[] }
    }

    it("sends a request's session and record reads by name", async () => {
      sent = []
      await plot()
      const named = sent.filter((statement) => statement.name)
      sent = undefined
      expect(named.map((statement) => statement.text)).toEqual([
        expect.stringContaining('from "session"'),
        expect.stringContaining('from "plots"'),
        expect.stringContaining('from "tenancy"'),
      ])
    })

    it('reads and writes as before after another instance adds a column to the tables they read', async () => {
      // Every pooled connection prepares the reads and the write's statements.
      await Promise.all(Array.from({ length: 12 }, plot))
      for (const method of ['PUT', 'DELETE'] as const)
        expect((await send(t, committee, method, '/api/plots/1/tenants/ann')).statusCode).toBe(200)
      await withPg(process.env.TEST_DATABASE_URL!, async (client) => {
        for (const table of ['plots', 'people', 'session'])
          await client.query(`alter table ${t.db.schema}.${table} add column "newerColumn" text`)
      })
      for (const answer of await Promise.all(Array.from({ length: 12 }, plot)))
        expect(answer.tenants).toEqual([])
      const added = await send(t, committee, 'PUT', '/api/plots/1/tenants/ann')
      expect(added.statusCode, added.body).toBe(200)
      expect((await plot()).tenants).toEqual(['ann'])
      const removed = await send(t, committee, 'DELETE', '/api/plots/1/tenants/ann')
      expect(removed.statusCode, removed.body).toBe(200)
      expect((await plot()).tenants).toEqual([])
    })
  },
)
