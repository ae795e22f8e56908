import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import { openStore } from '#server/app'
import { loadConfig } from '#server/core/config'
import type { NewLogRow } from '#server/core/db/schema'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#tests/helpers/chromium'
import { claimAdministrator, startServer } from '#tests/helpers/server-process'

// `node --import tsx scripts/bench-logs.ts` (after `npx vite build`): how long an administrator
// waits for the first page of a 100,000-entry activity log. Seeds a fresh SQLite data folder,
// starts the built server on it, and in Chromium times navigation to /members/logs until the
// first table row is visible: the median of RUNS runs, for a first visit and for a browser that
// signed in earlier.

const ENTRIES = 100_000
const BATCH = 1_000 // 8 columns x 1,000 rows stays under SQLite's 32,766 bound parameters
const RUNS = 5
const METHODS = [
  'createPerson',
  'updatePerson',
  'addPlotToPerson',
  'removePlotFromPerson',
  'updatePlot',
]

const root = path.resolve(import.meta.dirname, '..')
if (!fs.existsSync(path.join(root, 'dist/client/index.html'))) {
  console.error('Build the client first: npx vite build')
  process.exit(1)
}

function logRow(i: number): NewLogRow {
  const failed = i % 97 === 0
  return {
    timeStamp: new Date(Date.UTC(2015, 0, 1) + i * 90_000).toISOString(),
    userName: `member${i % 41}`,
    methodName: METHODS[i % METHODS.length]!,
    eventCollection: i % 2 ? 'plots' : 'people',
    docId: `record${i % 2_000}`,
    value: JSON.stringify({
      id: `record${i % 2_000}`,
      firstName: 'Ada',
      lastName: 'Grower',
      plots: ['07'],
    }),
    error: failed
      ? JSON.stringify({ status: 422, message: 'Only four tenants allowed per plot' })
      : 'null',
  }
}

async function seed(dataDir: string) {
  const { db } = await openStore(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }))
  const started = performance.now()
  await db.kysely.transaction().execute(async (tx) => {
    for (let from = 0; from < ENTRIES; from += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, ENTRIES - from) }, (_, k) =>
        logRow(from + k),
      )
      await tx.insertInto('logs').values(rows).execute()
    }
  })
  console.log(
    `Seeded ${ENTRIES.toLocaleString('en-GB')} log entries in ${ms(performance.now() - started)}.`,
  )
  await db.destroy()
}

// From navigation to the first visible row, on a new tab of the context.
async function timeFirstRow(context: BrowserContext) {
  const page = await context.newPage()
  try {
    const started = performance.now()
    await page.goto('/members/logs', { waitUntil: 'commit' })
    await page.locator('.log-table tbody tr').first().waitFor({ state: 'visible' })
    const elapsed = performance.now() - started
    // The seeded entries, and a few more: the server logs sign-ins and the password change.
    const count = await page.getByText(/^Log Count:/).textContent()
    if (Number(count?.replace(/\D/g, '')) < ENTRIES) throw new Error(`unexpected count: ${count}`)
    return elapsed
  } finally {
    await page.close()
  }
}

// A first visit: empty cache, nothing in localStorage, so the screen also waits for /api/me.
async function coldRun(browser: Browser, url: string, password: string) {
  const context = await browser.newContext({ baseURL: url })
  try {
    const signIn = await context.request.post('/api/auth/sign-in/username', {
      data: { username: 'admin', password },
    })
    if (!signIn.ok()) throw new Error(`sign-in failed: ${await signIn.text()}`)
    return await timeFirstRow(context)
  } finally {
    await context.close()
  }
}

// The administrator's everyday case: signed in through the login form earlier, so the browser
// has the hashed assets cached and the signed-in user in localStorage.
async function signedInBrowser(browser: Browser, url: string, password: string) {
  const context = await browser.newContext({ baseURL: url })
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByLabel('User name').fill('admin')
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(/\/members\//)
  await page.close()
  return context
}

async function median(label: string, run: () => Promise<number>) {
  await run() // warms the server's code paths; not counted
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) times.push(await run())
  const middle = [...times].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!
  console.log(`${label}: median ${ms(middle)} (runs: ${times.map(ms).join(', ')})`)
  return middle
}

const ms = (value: number) => `${Math.round(value)} ms`

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-bench-logs-'))
let server: Awaited<ReturnType<typeof startServer>> | undefined
let browser: Browser | undefined
try {
  await seed(dataDir)
  server = await startServer({ dataDir })
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', ...CHROMIUM_FLAGS],
  })
  // The printed one-time password must be replaced before the log can be read.
  const password = await claimAdministrator(server)
  const { url } = server
  console.log(`Time from navigation to /members/logs until the first row is visible:`)
  await median('  first visit (new browser context)', () => coldRun(browser!, url, password))
  const context = await signedInBrowser(browser, url, password)
  await median('  signed-in browser (new tab)', () => timeFirstRow(context))
  await context.close()
} finally {
  await browser?.close()
  await server?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
