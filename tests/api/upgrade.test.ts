import { execFileSync, spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app'
import { loadConfig } from '#server/core/config'
import { openDatabase, type Db } from '#server/core/db/database'
import { exportAll, type PortableExport } from '#server/core/db/portable'
import { createScratchDatabase, type ScratchDatabase } from '#tests/helpers/postgres'
import { startServer } from '#tests/helpers/server-process'
import { engines, type Engine } from '#tests/helpers/test-app'
import type { Invoice } from '#shared/schemas/rent'
import { Client } from '../../scripts/crash/http.ts'

// An upgrade as the README has an association do it: the previous release's code writes a
// database (its demo data, then a rent year with payments through its own API), the server is
// stopped, and this code starts on it and runs its migrations. Every row of every table is still
// there with the values it had, and the API answers people, plots, invoices and payments as the
// previous release did. The previous release is taken from git, so the test runs on a fresh
// clone with its history (CI's); when a release is made, PREVIOUS_RELEASE names it.

/** The last release: there are no tags yet, so its commit. */
const PREVIOUS_RELEASE = 'bc48963'
const ROOT = path.resolve(import.meta.dirname, '../..')
// The rent year starts on the server's day, which TODAY moves, so that any date the test runs on
// can start it.
const TODAY = '2026-10-01'
const DEMO = { userName: 'demo-admin', password: 'demo-password' }

/** The previous release's source, beside this checkout's packages (its own are the same or few). */
function checkOutPreviousRelease(): string {
  const found = spawnSync('git', ['cat-file', '-e', `${PREVIOUS_RELEASE}^{commit}`], { cwd: ROOT })
  if (found.status !== 0)
    throw new Error(
      `The upgrade test needs commit ${PREVIOUS_RELEASE}, the previous release, in this clone's ` +
        'history: git fetch --unshallow (or clone without --depth).',
    )
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-previous-'))
  const archive = execFileSync(
    'git',
    ['archive', PREVIOUS_RELEASE, 'src', 'scripts', 'package.json', 'tsconfig.json'],
    { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 },
  )
  execFileSync('tar', ['-x', '-C', dir], { input: archive })
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'))
  return dir
}

/** What a reader of the API sees: the answers the upgraded app must give alike. */
async function readThroughApi(
  get: (url: string) => Promise<unknown>,
  yearId: number,
  paid: number[],
) {
  return {
    plotholders: await get('/api/people?status=plotholders'),
    waitingList: await get('/api/people?status=waitinglist'),
    plots: await get('/api/plots'),
    invoices: await get(`/api/rent/years/${yearId}/invoices`),
    paid: await Promise.all(paid.map((id) => get(`/api/rent/invoices/${id}`))),
  }
}

/** Rows a migration of this release moves on purpose, as they should be found afterwards. */
const MOVED: Record<string, (row: Record<string, unknown>) => Record<string, unknown>> = {
  // Migration 048 (decision 49): the one site map becomes the first site's, under its key.
  app_settings: (row) => (row.key === 'siteMap' ? { ...row, key: 'siteMap:1' } : row),
}

/** The rows of `before` missing from `after`, each compared on the columns it had before. */
function rowsLost(before: PortableExport, after: PortableExport): string[] {
  const lost: string[] = []
  for (const [table, rows] of Object.entries(before.tables)) {
    const now = after.tables[table]
    if (!now) {
      lost.push(`table ${table} is gone`)
      continue
    }
    const columns = Object.keys(rows[0] ?? {})
    const asBefore = (row: Record<string, unknown>) =>
      JSON.stringify(columns.map((column) => row[column]))
    const present = new Set(now.map(asBefore))
    const moved = MOVED[table] ?? ((row) => row)
    for (const row of rows)
      if (!present.has(asBefore(moved(row))))
        lost.push(`${table}: ${JSON.stringify(row).slice(0, 300)}`)
  }
  return lost
}

describe.each(engines)('upgrading from the previous release on %s', (engine: Engine) => {
  let previous = ''
  let dataDir = ''
  let scratch: ScratchDatabase | undefined
  const env = () => ({ DATABASE_URL: scratch?.url ?? '', TODAY })

  beforeAll(() => {
    previous = checkOutPreviousRelease()
  })
  afterAll(async () => {
    await scratch?.drop()
    for (const dir of [previous, dataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('keeps every row, and serves people, plots and the ledger as before', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-upgrade-'))
    if (engine === 'postgres')
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'allotment_upgrade')

    // The previous release: its demo data, then a rent year and payments through its own API.
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
      cwd: previous,
      env: { ...process.env, DATA_DIR: dataDir, ...env() },
      encoding: 'utf8',
    })
    expect(seeded.status, seeded.stdout + seeded.stderr).toBe(0)
    const server = await startServer({ root: previous, dataDir, env: env() })
    let before: Awaited<ReturnType<typeof readThroughApi>>
    let yearId: number
    let paid: number[]
    try {
      const admin = new Client(server.url)
      await admin.signIn(DEMO.userName, DEMO.password)
      const ok = async (method: string, url: string, body?: unknown) => {
        const answer = await admin.call(method, url, body)
        expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300)
        return answer.body
      }
      const preview = (await ok('POST', '/api/rent/years/preview', { startDate: TODAY })) as {
        sending: unknown
      }
      ;({ yearId } = (await ok('POST', '/api/rent/years', {
        startDate: TODAY,
        confirmed: preview.sending,
      })) as { yearId: number })
      const invoices = (await ok('GET', `/api/rent/years/${yearId}/invoices`)) as Invoice[]
      const owing = invoices.filter((invoice) => invoice.outstanding > 0).slice(0, 6)
      expect(owing).toHaveLength(6)
      paid = owing.map((invoice) => invoice.id)
      // Paid in full, in part and beyond (a credit).
      for (const [n, invoice] of owing.entries())
        await ok('POST', `/api/rent/invoices/${invoice.id}/payments`, {
          amount: [
            invoice.outstanding,
            Math.ceil(invoice.outstanding / 2),
            invoice.outstanding + 500,
          ][n % 3],
          method: ['cash', 'transfer', 'cheque'][n % 3],
          date: TODAY,
          reference: `upgrade ${n}`,
          requestId: randomUUID(),
        })
      before = await readThroughApi((url) => ok('GET', url), yearId, paid)
    } finally {
      await server.stop()
    }
    const rowsBefore = await inDatabase(dataDir, env().DATABASE_URL, exportAll)

    // This release, started on it: migrations run as the server starts.
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env() })
    const app = await buildApp({ config })
    try {
      await app.ready()
      const rowsAfter = await exportAll(app.db)
      expect(rowsLost(rowsBefore, rowsAfter)).toEqual([])
      expect(rowsAfter.migrations.slice(0, rowsBefore.migrations.length)).toEqual(
        rowsBefore.migrations,
      )

      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/username',
        payload: { username: DEMO.userName, password: DEMO.password },
      })
      expect(signIn.statusCode, signIn.body).toBe(200)
      const cookie = signIn.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
      const after = await readThroughApi(
        async (url) => {
          const answer = await app.inject({ method: 'GET', url, headers: { cookie } })
          expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200)
          return answer.json()
        },
        yearId,
        paid,
      )
      // Every field as it was; a field the new release adds is welcome.
      expect(after).toMatchObject(before)
      // Issue 46: the installation became its first site, with every plot on it under its name.
      const sites = await app.inject({ method: 'GET', url: '/api/sites' })
      expect(sites.json().map((site: { id: number }) => site.id)).toEqual([1])
      const plots = after.plots as Array<{ id: string; name: string; siteId: number }>
      expect(plots.filter((plot) => plot.siteId !== 1 || plot.name !== plot.id)).toEqual([])
    } finally {
      await app.close()
    }
    // Two servers start (the last release's, which writes a year of records, then this one's):
    // about 15 s on a quiet machine, past 30 s with other work beside it.
  }, 120_000)
})

async function inDatabase<T>(dataDir: string, databaseUrl: string, read: (db: Db) => Promise<T>) {
  const db = openDatabase({ dataDir, databaseUrl })
  try {
    return await read(db)
  } finally {
    await db.destroy()
  }
}
