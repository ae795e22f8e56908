import { randomInt } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openDatabase, type Db } from '#server/core/db/database'
import { openSqliteFile } from '#server/core/db/sqlite-files'
import { createScratchDatabase } from '#tests/helpers/postgres'
import { startMessageIdServer } from '#tests/helpers/smtp'
import { claimAdministrator, startServer, type TestServer } from '#tests/helpers/server-process'
import { Client } from './crash/http.ts'
import { Ledger } from './crash/ledger.ts'
import { fire, newPerson, newPlot } from './crash/load.ts'
import { checkDatabase, checkInvariants } from './crash/verify.ts'
import { checkCopies, COPIES, queueMessage, settledCopies } from './crash/messages.ts'
import { crashWhileErasing } from './crash/erasure.ts'
import { crashWhileInvoicing } from './crash/rent.ts'
import { crashWhileRetaining } from './crash/retention.ts'
import { crashWhileSyncing } from './crash/inspections.ts'
import { stopWhileBusy } from './crash/shutdown.ts'
import { until } from './crash/wait.ts'

// npm run test:crash [-- --rounds N]: starts the real server, fires concurrent writes through
// the HTTP API, kills the server with SIGKILL mid-way, restarts it on the same data and checks
// that every acknowledged write is there and the invariants hold; then a message to 1,000
// members killed while sending, those members' details erased with a kill mid-way
// (scripts/crash/erasure.ts), a rent year killed while it starts and while payments are
// recorded (scripts/crash/rent.ts), the daily retention run killed while it erases former
// members (scripts/crash/retention.ts), a phone's inspection records killed mid-sync and sent
// again (scripts/crash/inspections.ts), and a stop by SIGTERM while writes, a request and a
// message are under way (scripts/crash/shutdown.ts). SQLite always; PostgreSQL too
// when DATABASE_URL (or TEST_DATABASE_URL) is set, in a throwaway database created and dropped.

interface Target {
  name: string
  /** Environment for the server: which database it uses. */
  env: Record<string, string>
  /** The database itself, opened beside the running server. */
  open(dataDir: string): Db
  dispose(): Promise<void>
}

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } })
const rounds = Number(values.rounds)

function sqliteTarget(): Target {
  return {
    name: 'SQLite',
    // An empty DATABASE_URL overrides one inherited from the environment: SQLite it is.
    env: { DATABASE_URL: '' },
    open: (dataDir) => openSqliteFile(path.join(dataDir, 'allotment.sqlite'), { readonly: true }),
    dispose: async () => undefined,
  }
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const database = await createScratchDatabase(adminUrl, 'allotment_crash')
  return {
    name: `PostgreSQL (database ${database.name})`,
    env: { DATABASE_URL: database.url },
    open: () => openDatabase({ databaseUrl: database.url, dataDir: os.tmpdir() }),
    dispose: database.drop,
  }
}

async function signedIn(server: TestServer, password: string) {
  const admin = new Client(server.url)
  await admin.signIn('admin', password)
  return admin
}

// The people and plots the tenant additions choose from, acknowledged like any other write.
async function seed(admin: Client, ledger: Ledger) {
  for (let i = 1; i <= 30; i++) {
    const answer = await admin.call('POST', '/api/plots', newPlot(`C${i}`))
    if (answer.status !== 201)
      throw new Error(`creating plot C${i}: ${JSON.stringify(answer.body)}`)
    ledger.plots.add(`C${i}`)
  }
  for (let i = 1; i <= 24; i++) {
    const answer = await admin.call('POST', '/api/people', newPerson(`seed-${i}`))
    if (answer.status !== 201) throw new Error(`creating seed-${i}: ${JSON.stringify(answer.body)}`)
    ledger.people.add(`seed-${i}`)
  }
}

async function crashTest(target: Target): Promise<boolean> {
  console.log(`\n== ${target.name}`)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-crash-'))
  let server = await startServer({ dataDir, env: target.env })
  const ledger = new Ledger()
  let sound = true
  try {
    if (!server.adminPassword) throw new Error('the first start printed no administrator password')
    const password = await claimAdministrator(server)
    await seed(await signedIn(server, password), ledger)
    for (let round = 1; round <= rounds; round++) {
      const clients = { admin: await signedIn(server, password), visitor: new Client(server.url) }
      const before = ledger.size
      let killed = false
      const firing = fire(clients, ledger, () => killed)
      // Kill at a random moment once writes are flowing, with requests in flight.
      await until(() => ledger.size - before >= 100, 'writes to be acknowledged')
      await new Promise((resolve) => setTimeout(resolve, randomInt(0, 500)))
      const killing = server.stop('SIGKILL')
      killed = true
      await killing
      const fired = await firing

      server = await startServer({ dataDir, env: target.env })
      const db = target.open(dataDir)
      const findings = await checkDatabase(db, ledger).finally(() => db.destroy())
      const problems = [
        ...findings.problems,
        ...(await checkInvariants(await signedIn(server, password))),
      ]
      const refused = Object.entries(fired.refused).map(([status, n]) => `${n}×${status}`)
      console.log(
        `round ${round}: ${ledger.size} writes acknowledged before the kill ` +
          `(${ledger.size - before} this round, ${fired.unanswered} cut off unanswered, ` +
          `refused: ${refused.join(', ') || 'none'}), ${findings.found} found after restart`,
      )
      for (const item of findings.missing.slice(0, 20)) console.log(`  LOST: ${item}`)
      for (const problem of problems.slice(0, 20)) console.log(`  BROKEN: ${problem}`)
      if (findings.missing.length > 0 || problems.length > 0) sound = false
    }
    await server.stop()
    if (!(await crashWhileSending(target, dataDir, password, (next) => (server = next))))
      sound = false
    await server.stop()
    if (!(await crashWhileErasing(target, dataDir, password, (next) => (server = next))))
      sound = false
    await server.stop()
    if (!(await crashWhileInvoicing(target, dataDir, password, (next) => (server = next))))
      sound = false
    await server.stop()
    if (!(await crashWhileRetaining(target, dataDir, password, (next) => (server = next))))
      sound = false
    await server.stop()
    const plots = [...ledger.plots]
    if (!(await crashWhileSyncing(target, dataDir, password, plots, (next) => (server = next))))
      sound = false
    await server.stop()
    if (!(await stopWhileBusy(target, dataDir, password, ledger, (next) => (server = next))))
      sound = false
    const kinds = Object.entries({
      enquiries: ledger.enquiries.size,
      accounts: ledger.accounts.size,
      people: ledger.people.size,
      plots: ledger.plots.size,
      tenancies: ledger.tenancies.size,
    })
    console.log(`acknowledged in all: ${kinds.map(([kind, n]) => `${n} ${kind}`).join(', ')}`)
    return sound
  } finally {
    await server.stop('SIGKILL')
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

// A message to 1,000 members, the server (started anew with a mail server) killed while their
// e-mails go out, then restarted with a short job lease so that the killed instance's parts are
// taken up at once.
async function crashWhileSending(
  target: Target,
  dataDir: string,
  password: string,
  replaced: (server: TestServer) => void,
): Promise<boolean> {
  const smtp = await startMessageIdServer()
  const env = { ...target.env, SMTP_URL: smtp.url, JOB_LEASE_SECONDS: '3', JOB_POLL_MS: '100' }
  try {
    let server = await startServer({ dataDir, env })
    replaced(server)
    const batchId = await queueMessage(await signedIn(server, password))
    await until(() => smtp.received.length >= COPIES / 4, 'e-mails to go out')
    await server.stop('SIGKILL')
    const beforeKill = smtp.received.length
    server = await startServer({ dataDir, env })
    replaced(server)
    const db = target.open(dataDir)
    const copies = await settledCopies(db, batchId).finally(() => db.destroy())
    const { problems, interrupted, arrivedAnyway } = checkCopies(copies, smtp.received)
    console.log(
      `message to ${COPIES} members: ${beforeKill} e-mails received before the kill, ` +
        `${smtp.received.length} in all; ${interrupted} copies cut off mid-send shown as ` +
        `interrupted (${arrivedAnyway} of them had arrived), none sent again`,
    )
    for (const problem of problems.slice(0, 20)) console.log(`  BROKEN: ${problem}`)
    return problems.length === 0
  } finally {
    await smtp.close()
  }
}

console.log(
  `Crash test: ${rounds} SIGKILLs per engine. SQLite runs with journal_mode=WAL and ` +
    'synchronous=FULL (src/server/core/db/database.ts): a commit is on disk before it is answered.',
)
const targets: (() => Target | Promise<Target>)[] = [sqliteTarget]
const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL
if (pgUrl) targets.push(() => postgresTarget(pgUrl))
let failed = false
for (const make of targets) {
  const target = await make()
  try {
    if (!(await crashTest(target))) failed = true
  } catch (error) {
    console.error(`${target.name}: ${(error as Error).stack ?? String(error)}`)
    failed = true
  } finally {
    await target.dispose()
  }
}
console.log(
  failed ? '\nFAILED: writes lost or invariants broken.' : '\nNo acknowledged write lost.',
)
process.exit(failed ? 1 : 0)
