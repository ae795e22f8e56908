import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '#server/app'
import { loadConfig } from '#server/core/config'
import { writeTransaction } from '#server/core/db/write-transaction'
import { DEMO_ADMIN, loadAverage, onEachEngine, percentile, run } from './bench/seeded-server.ts'

// `npm run bench:retention`: the daily retention run (issue 30, item 3) erasing 1,000 former
// members on the council-sized data set (npm run seed:scale: 10,000 people, 100,000 log
// entries), in the server's own process so that the run can be started when wanted, on SQLite
// and (with TEST_DATABASE_URL) PostgreSQL. Beside the run, another write is tried every 20 ms:
// how long it waits is how long the run holds the association's other writes.
// Targets: 1,000 erasures in under 60 s; no other write kept waiting more than 200 ms.

const FORMER = Number(process.env.BENCH_FORMER ?? 1000)
// Three years on, so that everyone taken off the list is past the two-year period.
const TODAY = new Date(Date.now() + 3 * 366 * 86_400_000).toISOString().slice(0, 10)

async function bench(engine: string, env: { DATABASE_URL: string }) {
  console.log(`\n== ${engine}: seeding the scale data set (10,000 people, 100,000 log entries)`)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-bench-retention-'))
  try {
    await run(process.execPath, ['--import', 'tsx', 'scripts/seed-scale.ts'], {
      DATA_DIR: dataDir,
      DATABASE_URL: env.DATABASE_URL,
    })
    const config = loadConfig({
      DATA_DIR: dataDir,
      TODAY,
      LOG_LEVEL: 'silent',
      JOB_POLL_MS: '3600000',
      ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}),
    })
    const app = await buildApp({ config })
    await app.ready()
    try {
      await measure(app)
    } finally {
      await app.close()
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

type App = Awaited<ReturnType<typeof buildApp>>

async function measure(app: App) {
  const { db } = app
  // 1,000 people leave the waiting list: former members, due three years on.
  const leaving = await db.kysely
    .selectFrom('people')
    .select('id')
    .where('onWaitingList', '=', 1)
    .orderBy('id')
    .limit(FORMER)
    .execute()
  await db.kysely
    .updateTable('people')
    .set({ onWaitingList: 0, isPlotHolder: 0 })
    .where(
      'id',
      'in',
      leaving.map((person) => person.id),
    )
    .execute()

  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/username',
    payload: DEMO_ADMIN,
  })
  const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/privacy/settings',
    headers: { cookie },
    payload: { leaverYears: 2, enquiryMonths: 12, signInFailureDays: 90, logYears: 6, version: 0 },
  })
  if (saved.statusCode !== 200) throw new Error(`settings: ${saved.body}`)
  const due = await app.inject({ method: 'GET', url: '/api/privacy/due', headers: { cookie } })
  console.log(`due for erasure: ${(due.json() as { people: unknown[] }).people.length} people`)

  const job = await db.kysely
    .selectFrom('jobs')
    .select('runAt')
    .where('kind', '=', 'retention')
    .executeTakeFirstOrThrow()
  const runAt = new Date(job.runAt).getTime() + 60_000
  app.config.clock = () => new Date(runAt)

  // Another write, tried every 20 ms while the run goes on.
  const waits: number[] = []
  let running = true
  const probe = (async () => {
    while (running) {
      const asked = performance.now()
      await writeTransaction(db, (tx) =>
        tx
          .insertInto('web_vitals')
          .values({ name: 'probe', value: 0, route: '/', rating: 'good', recordedAt: '' })
          .execute(),
      )
      waits.push(performance.now() - asked)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const begun = performance.now()
  await app.jobs.runDue()
  const took = performance.now() - begun
  running = false
  await probe
  const [done] = await db.kysely.selectFrom('retention_runs').selectAll().execute()
  console.log(
    `retention run: ${done?.erased ?? 0} erased and ${done?.deleted ?? 0} other records deleted in ${(took / 1000).toFixed(1)} s (target: 1,000 erased in under 60 s)`,
  )
  console.log(
    `another write beside it (${waits.length} tries): waited median ${percentile(waits, 50).toFixed(0)} ms, 99th percentile ${percentile(waits, 99).toFixed(0)} ms, longest ${Math.max(...waits).toFixed(0)} ms (target: never over 200 ms)`,
  )
  console.log(loadAverage())
}

await onEachEngine('allotment_bench_retention', bench)
