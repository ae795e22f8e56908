import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_FAILURES } from '#server/core/auth/sign-in-guard'
import { plotInput } from '#tests/helpers/records'
import { claimAdministrator, startServer, type TestServer } from '#tests/helpers/server-process'
import { createScratchDatabase, withPg, type ScratchDatabase } from '#tests/helpers/postgres'

// Two real server processes sharing one PostgreSQL database, as a deployment behind a load
// balancer would run them. Only PostgreSQL can be shared, so this needs TEST_DATABASE_URL; CI sets
// it (.ci/run). Without it the tests are reported as skipped, never as passed.
const baseUrl = process.env.TEST_DATABASE_URL
const PASSWORD = 'instances-passphrase-9'

describe.runIf(!!baseUrl)(
  'two server instances on one PostgreSQL database (runs only when TEST_DATABASE_URL is set, as CI does)',
  () => {
    let database: ScratchDatabase | undefined
    let databaseUrl = ''
    let a: TestServer | undefined
    let b: TestServer | undefined
    let admin = ''
    let adminPassword = ''

    const sessionCookie = (response: Response) => {
      const cookie = response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .find((c) => c.split('=')[0]!.endsWith('session_token'))
      if (!cookie) throw new Error('no session cookie')
      return cookie
    }

    // State-changing requests carry the instance's own Origin, as a browser on its page would.
    function call(
      server: TestServer,
      method: string,
      path: string,
      body?: object,
      cookie?: string,
    ) {
      return fetch(`${server.url}${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(method === 'GET' ? {} : { origin: server.url }),
          ...(cookie ? { cookie } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
    }

    const signIn = (server: TestServer, username: string, password: string) =>
      call(server, 'POST', '/api/auth/sign-in/username', { username, password })

    beforeAll(async () => {
      database = await createScratchDatabase(baseUrl!, 'inst')
      databaseUrl = database.url
      // One after the other: the first migrates and creates the administrator, the second finds
      // a database already set up.
      a = await startServer({ env: { DATABASE_URL: databaseUrl } })
      b = await startServer({ env: { DATABASE_URL: databaseUrl } })
    }, 180_000)

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()])
      for (const server of [a, b])
        if (server) fs.rmSync(server.dataDir, { recursive: true, force: true })
      await database?.drop()
    }, 60_000)

    it('creates the administrator once: the second instance finds the user table filled', () => {
      expect(a!.output()).toContain('Administrator account created')
      expect(a!.adminPassword).not.toBe('')
      expect(b!.output()).not.toContain('Administrator account created')
      expect(b!.adminPassword).toBe('')
    })

    it('accepts a session started on one instance on the other, and ends it on both', async () => {
      // The printed one-time password is replaced on A; B must accept the new one at once.
      adminPassword = await claimAdministrator(a!)
      const signedIn = await signIn(b!, 'admin', adminPassword)
      expect(signedIn.status).toBe(200)
      admin = sessionCookie(signedIn)
      for (const server of [a!, b!]) {
        const me = await call(server, 'GET', '/api/me', undefined, admin)
        expect(me.status).toBe(200)
        expect(await me.json()).toMatchObject({ userName: 'admin', level: 4 })
      }
      // A session ended on B is ended on A too: sessions live in the database, not in a process.
      const spare = sessionCookie(await signIn(a!, 'admin', adminPassword))
      expect((await call(b!, 'POST', '/api/auth/sign-out', {}, spare)).status).toBe(200)
      expect((await call(a!, 'GET', '/api/me', undefined, spare)).status).toBe(401)
      expect((await call(a!, 'GET', '/api/me', undefined, admin)).status).toBe(200)
    })

    it('lets exactly four of ten tenant additions raced across both instances succeed', async () => {
      const created = await call(
        a!,
        'POST',
        '/api/plots',
        plotInput('Race', { description: 'raced for', distance: 1, fee: 10 }),
        admin,
      )
      expect(created.status).toBe(201)
      const people = Array.from({ length: 10 }, (_, i) => `racer${i}`)
      for (const [i, id] of people.entries()) {
        const response = await call(
          i % 2 ? b! : a!,
          'POST',
          '/api/people',
          {
            id,
            firstName: 'Race',
            lastName: id,
            dateJoined: '2022-01-01',
            joinedWaitingList: '2022-01-01',
            address: '',
            phoneNumber: '',
            email: '',
            altEmail: '',
            onWaitingList: true,
          },
          admin,
        )
        expect(response.status).toBe(201)
      }

      const answers = await Promise.all(
        people.map((id, i) =>
          call(i % 2 ? b! : a!, 'PUT', `/api/plots/Race/tenants/${id}`, undefined, admin),
        ),
      )
      const statuses = answers.map((r) => r.status)
      const winners = people.filter((_, i) => statuses[i] === 200)
      console.info(
        `instances: ${winners.length} of ${people.length} raced additions succeeded ` +
          `(statuses ${statuses.join(' ')}); winners on A ${winners.filter((id) => +id.slice(5) % 2 === 0).length}, ` +
          `on B ${winners.filter((id) => +id.slice(5) % 2 === 1).length}`,
      )
      expect(winners).toHaveLength(4)
      expect(statuses.filter((s) => s === 422)).toHaveLength(6)

      // Both instances tell the same story, and it is the one the answers told.
      for (const server of [a!, b!]) {
        const race = await (await call(server, 'GET', '/api/plots/Race', undefined, admin)).json()
        expect([...race.tenants].sort()).toEqual([...winners].sort())
        expect(race.occupied).toBe(true)
        const everyone: Array<{ id: string; plots: string[] }> = await (
          await call(server, 'GET', '/api/people', undefined, admin)
        ).json()
        const holders = everyone.filter((p) => p.plots.includes('Race')).map((p) => p.id)
        expect(holders.sort()).toEqual([...winners].sort())
      }
    })

    it('counts failed sign-ins in the database: failures on A lock the user name on B', async () => {
      const registered = await call(a!, 'POST', '/api/register', {
        userName: 'lockme',
        level: 1,
        email: 'lockme@example.org',
        password: PASSWORD,
      })
      expect(registered.status).toBe(201)
      expect((await signIn(b!, 'lockme', PASSWORD)).status).toBe(200)
      for (let i = 0; i < MAX_FAILURES; i++) {
        expect((await signIn(a!, 'lockme', `wrong-guess-${i}`)).status).toBe(401)
      }
      // The right password, on the other instance, is now refused as well.
      const locked = await signIn(b!, 'lockme', PASSWORD)
      expect(locked.status).toBe(429)
      expect((await locked.json()).detail).toMatch(
        /^Too many attempts\. Try again in \d+ seconds\.$/,
      )
      const row = await withPg(databaseUrl, (c) =>
        c.query(
          'select failures from sign_in_failures where "userName" = $1 and "clientAddress" = $2',
          ['lockme', '127.0.0.1'],
        ),
      )
      expect(row.rows[0]?.failures).toBe(MAX_FAILURES)
      // Other user names are not affected.
      expect((await signIn(b!, 'admin', adminPassword)).status).toBe(200)
    })

    it('counts every one of many failed sign-ins sent at once to both instances', async () => {
      const registered = await call(b!, 'POST', '/api/register', {
        userName: 'guessed',
        level: 1,
        email: 'guessed@example.org',
        password: PASSWORD,
      })
      expect(registered.status).toBe(201)
      // Guessing in parallel, from many places, is the attack the per-name count is for.
      const guesses = await Promise.all(
        Array.from({ length: MAX_FAILURES }, (_, i) =>
          signIn(i % 2 ? b! : a!, 'guessed', `parallel-guess-${i}`),
        ),
      )
      expect(guesses.map((r) => r.status)).toEqual(Array(MAX_FAILURES).fill(401))
      const row = await withPg(databaseUrl, (c) =>
        c.query('select failures from sign_in_failures where "userName" = $1', ['guessed']),
      )
      expect(row.rows[0]?.failures).toBe(MAX_FAILURES)
      for (const server of [a!, b!]) {
        expect((await signIn(server, 'guessed', PASSWORD)).status).toBe(429)
      }
    })
  },
)
