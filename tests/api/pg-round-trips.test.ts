import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPerson, createPlot, send, type Method } from '#tests/helpers/records'
import { createTestApp, type TestApp } from '#tests/helpers/test-app'

// Each wait for PostgreSQL's answer costs a write its time and the server CPU (issue 49): a
// tenant added or removed, the benchmark's write mix, waits at most four times, the session's
// lookup included. Counted from the driver, not timed: a statement sent on a connection with
// nothing in flight is a new round trip; one sent while others are on their way (pipelined, or
// in the same turn of the event loop) waits with them. Only PostgreSQL has round trips, so this
// needs TEST_DATABASE_URL; without it the tests are reported as skipped, never as passed.
const MAX_ROUND_TRIPS = 4

describe.runIf(!!process.env.TEST_DATABASE_URL)(
  'round trips of a PostgreSQL write (runs only when TEST_DATABASE_URL is set, as CI does)',
  () => {
    let t: TestApp
    let committee: string
    const original = pg.Client.prototype.query
    const inFlight = new WeakMap<object, number>()
    let trips: string[][] | undefined

    beforeAll(async () => {
      t = await createTestApp('postgres')
      committee = await t.signInAs(3, 'committee1')
      await createPlot(t, committee, '1')
      await createPerson(t, committee, 'ann', {
        ...{ firstName: 'Ann', lastName: 'Ash', dateJoined: '2000-01-01' },
        ...{ joinedWaitingList: '2000-01-01', address: '', phoneNumber: '', email: '' },
        onWaitingList: true,
      })
      // Every statement of the app goes through a pooled pg.Client.
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const answer = (original as (...a: unknown[]) => unknown).apply(this, args)
        if (trips && answer instanceof Promise) {
          const waiting = inFlight.get(this) ?? 0
          if (waiting === 0) trips.push([])
          const [text] = args as [string | { text: string }]
          trips.at(-1)!.push(typeof text === 'string' ? text : text.text)
          inFlight.set(this, waiting + 1)
          void answer.finally(() => inFlight.set(this, inFlight.get(this)! - 1)).catch(() => {})
        }
        return answer
      } as typeof original
    })
    afterAll(async () => {
      pg.Client.prototype.query = original
      await t?.close()
    })

    async function roundTrips(method: Method, url: string) {
      trips = []
      try {
        const response = await send(t, committee, method, url)
        expect(response.statusCode, response.body).toBe(200)
        return trips
      } finally {
        trips = undefined
      }
    }

    it('adds a tenant in at most four round trips', async () => {
      const counted = await roundTrips('PUT', '/api/plots/1/tenants/ann')
      expect(counted.length, JSON.stringify(counted, null, 1)).toBeLessThanOrEqual(MAX_ROUND_TRIPS)
      expect((await send(t, committee, 'GET', '/api/plots/1')).json().tenants).toEqual(['ann'])
    })

    it('removes a tenant in at most four round trips', async () => {
      const counted = await roundTrips('DELETE', '/api/plots/1/tenants/ann')
      expect(counted.length, JSON.stringify(counted, null, 1)).toBeLessThanOrEqual(MAX_ROUND_TRIPS)
      expect((await send(t, committee, 'GET', '/api/plots/1')).json().tenants).toEqual([])
    })
  },
)
