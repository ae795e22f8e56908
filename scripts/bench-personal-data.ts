import type { Person } from '#shared/schemas/person'
import {
  buildIfMissing,
  loadAverage,
  median,
  onEachEngine,
  signInCookie,
  startSeededServer,
} from './bench/seeded-server.ts'

// `npm run bench:personal-data`: one person's data downloaded, and one person's details erased
// (issue 30), on the council-sized data set (npm run seed:scale: 10,000 people, 2,000 plots,
// 100,000 log entries), through the real server process, on SQLite and (with TEST_DATABASE_URL)
// PostgreSQL. Targets: a download under 1 s; an erasure, the log's scrub included, under 2 s.

const RUNS = 7

async function bench(engine: string, env: Record<string, string>) {
  console.log(`\n== ${engine}: seeding the scale data set (10,000 people, 100,000 log entries)`)
  process.env.DATABASE_URL = env.DATABASE_URL
  const app = await startSeededServer('seed-scale.ts', { ...env, SIGN_IN_LIMIT: '1000' })
  try {
    const { url } = app.server
    const admin = await signInCookie(url)
    const call = async (method: string, path: string) => {
      const begun = performance.now()
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { cookie: admin, origin: url },
      })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}`)
      return performance.now() - begun
    }
    const waiting = (await (
      await fetch(`${url}/api/people?status=waitinglist`, { headers: { cookie: admin } })
    ).json()) as Person[]
    const chosen = waiting.slice(0, RUNS).map((person) => encodeURIComponent(person.id))
    for (const [label, method, path, target] of [
      ['download one person’s data', 'GET', 'personal-data', 1000],
      ['erase one person’s details', 'POST', 'erasure', 2000],
    ] as const) {
      const times: number[] = []
      for (const id of chosen) times.push(await call(method, `/api/people/${id}/${path}`))
      const shown = times.map((t) => t.toFixed(0)).join(', ')
      console.log(
        `${label}: median ${median(times).toFixed(0)} ms of ${RUNS} (${shown}) (target under ${target} ms)`,
      )
    }
    console.log(loadAverage())
  } finally {
    await app.stop()
  }
}

await buildIfMissing()
await onEachEngine('allotment_bench_personal_data', bench)
