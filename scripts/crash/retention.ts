import { randomInt } from 'node:crypto'
import type { Db } from '#server/core/db/database'
import { startServer, type TestServer } from '#tests/helpers/server-process'
import { Client } from './http.ts'
import type { RentTarget } from './rent.ts'

// The retention phase of the crash test (issue 30, item 3): 150 former members, the privacy
// settings saved (which stores the first daily run), the server started two days on with the run
// due, and killed while it erases them. Restarted, the run is taken up again when the killed
// instance's lease ends, and finishes: every one of them erased whole, none of their details left
// in the log, what was left to scrub gone, and the day's run recorded once with one next run.

const FORMER = 150
const DAY = 86_400_000
// Three years on: everyone made today is past the two-year period.
const YEARS_ON = 3 * 366

const onDay = (target: RentTarget, days: number) => ({
  ...target.env,
  TODAY: new Date(Date.now() + days * DAY).toISOString().slice(0, 10),
  JOB_POLL_MS: '100',
  JOB_LEASE_SECONDS: '3',
})

const retiree = (n: number) => ({
  id: `retiree-${n}`,
  firstName: 'Rhoda',
  lastName: `Retiree${n}q`,
  dateJoined: new Date().toISOString().slice(0, 10),
  joinedWaitingList: new Date().toISOString().slice(0, 10),
  address: `${n} Quietwater Close`,
  phoneNumber: '',
  email: `retiree-${n}@example.org`,
  altEmail: '',
  contactBy: 'email',
  concession: false,
  // A plot holder with no plot: a former member.
  onWaitingList: false,
})

async function waitFor(read: () => Promise<boolean>, what: string, seconds = 120) {
  const deadline = Date.now() + seconds * 1000
  while (!(await read())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export async function crashWhileRetaining(
  target: RentTarget,
  dataDir: string,
  password: string,
  replaced: (server: TestServer) => void,
): Promise<boolean> {
  let server = await startServer({ dataDir, env: onDay(target, YEARS_ON) })
  replaced(server)
  const admin = new Client(server.url)
  await admin.signIn('admin', password)
  for (let n = 0; n < FORMER; n++) {
    const made = await admin.call('POST', '/api/people', retiree(n))
    if (made.status !== 201) throw new Error(`retiree-${n}: ${JSON.stringify(made.body)}`)
  }
  const settings = (await admin.call('GET', '/api/privacy/settings')).body as object
  const saved = await admin.call('PUT', '/api/privacy/settings', settings)
  if (saved.status !== 200) throw new Error(`privacy settings: ${JSON.stringify(saved.body)}`)
  await server.stop()

  // Two days on, the first run is due at once; it is killed once it has erased some.
  server = await startServer({ dataDir, env: onDay(target, YEARS_ON + 2) })
  replaced(server)
  const erasedSoFar = async () => {
    const db = target.open(dataDir)
    try {
      return (await erasedBySystem(db)) >= 20
    } finally {
      await db.destroy()
    }
  }
  await waitFor(erasedSoFar, 'the run to erase former members')
  await new Promise((resolve) => setTimeout(resolve, randomInt(0, 200)))
  await server.stop('SIGKILL')
  const db = target.open(dataDir)
  const beforeRestart = await erasedBySystem(db).finally(() => db.destroy())

  server = await startServer({ dataDir, env: onDay(target, YEARS_ON + 2) })
  replaced(server)
  const finished = async () => {
    const db = target.open(dataDir)
    try {
      const runs = await db.kysely.selectFrom('retention_runs').select('day').execute()
      return runs.length > 0
    } finally {
      await db.destroy()
    }
  }
  await waitFor(finished, 'the run to finish after the restart')
  const check = target.open(dataDir)
  const problems = await checkRetention(check).finally(() => check.destroy())
  console.log(
    `retention: ${beforeRestart} former members erased before the kill, the run finished after ` +
      `the restart; ${problems.length ? `${problems.length} problems` : 'all erased whole, the log scrubbed, one run'}`,
  )
  for (const problem of problems.slice(0, 20)) console.log(`  BROKEN: ${problem}`)
  return problems.length === 0
}

async function erasedBySystem(db: Db): Promise<number> {
  const rows = await db.kysely
    .selectFrom('logs')
    .select('id')
    .where('methodName', '=', 'erasePerson')
    .where('userName', '=', 'system')
    .where('error', '=', 'null')
    .execute()
  return rows.length
}

async function checkRetention(db: Db): Promise<string[]> {
  const problems: string[] = []
  const ids = Array.from({ length: FORMER }, (_, n) => `retiree-${n}`)
  const left = await db.kysely.selectFrom('people').select('id').where('id', 'in', ids).execute()
  for (const { id } of left) problems.push(`${id}: still there after the run`)
  const log = JSON.stringify(
    await db.kysely.selectFrom('logs').select(['value', 'error']).execute(),
  )
  for (let n = 0; n < FORMER; n++)
    for (const detail of [`Retiree${n}q`, `retiree-${n}@example.org`, `"${n} Quietwater Close`])
      if (log.includes(detail)) problems.push(`${detail}: still in the log`)
  const pending = await db.kysely.selectFrom('retention_scrubs').select('id').execute()
  if (pending.length) problems.push(`${pending.length} scrubs of the log left undone`)
  const runs = await db.kysely.selectFrom('retention_runs').select('day').execute()
  if (runs.length !== 1) problems.push(`${runs.length} runs recorded for one day`)
  const next = await db.kysely
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', 'retention')
    .where('finishedAt', 'is', null)
    .execute()
  if (next.length !== 1) problems.push(`${next.length} next runs waiting, not one`)
  return problems
}
