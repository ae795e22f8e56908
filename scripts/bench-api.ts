import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createScratchDatabase } from '../tests/helpers/postgres.ts'
import { startServer, type TestServer } from '../tests/helpers/server-process.ts'
import { root, run } from './bench/seeded-server.ts'
import { medianLoad, medianLoadAcross, type LoadOptions, type LoadResult } from './bench/load.ts'
import { isMainThread, profileTop } from './bench/profile-top.ts'
import {
  BASELINE_FILE,
  baselineOf,
  compareWithBaseline,
  COMPARED,
  readBaseline,
  writeBaseline,
} from './bench/compare.ts'
import { raceTenantLimit, raceStaleVersion, type RaceResult } from './bench/races.ts'

// npm run bench:api — the real server on the scale data set (10,000 people, 2,000 plots,
// 100,000 log entries) against a bare Fastify hello-world measured in the same run, on SQLite
// and (when TEST_DATABASE_URL or BENCH_DATABASE_URL is set) PostgreSQL.
// --compare (npm run bench:compare): issue 49's scenarios for 6 s, 3 times, printed against the
// committed baseline (scripts/bench/compare.ts); --write-baseline records this run as the baseline.
const comparing = process.argv.includes('--compare')
const recording = process.argv.includes('--write-baseline')
const seconds = Number(process.env.BENCH_SECONDS ?? (comparing || recording ? 6 : 10))
const runs = Number(process.env.BENCH_RUNS ?? 3)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
// BENCH_ONLY=write,person runs only the scenarios whose names contain one of the words.
const only =
  process.env.BENCH_ONLY?.split(',').filter(Boolean) ??
  (comparing || recording ? COMPARED : undefined)
const wanted = (name: string) => !only || only.some((word) => name.includes(word))
// BENCH_PROFILE=folder: each engine's server runs under node --cpu-prof, writing its profile there,
// and its top entries by self time are printed at the end.
const profileDir = process.env.BENCH_PROFILE && path.resolve(process.env.BENCH_PROFILE)
// When each engine's server began to be loaded, in seconds after it was started.
const loadBegan = new Map<string, number>()
const profiled = (engine: string) =>
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, engine)}`] : []

async function startBaseline() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/baseline-server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve) =>
    child.stdout.on('data', (d: Buffer) => {
      const match = /listening (\d+)/.exec(d.toString())
      if (match) resolve(Number(match[1]))
    }),
  )
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') }
}

async function signIn(server: TestServer) {
  const response = await fetch(`${server.url}/api/auth/sign-in/username`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo-admin', password: 'demo-password' }),
  })
  if (!response.ok) throw new Error(`sign-in failed: ${await response.text()}`)
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

interface PlotSummary {
  id: string
  tenants: string[]
}

// Each connection adds one person to one plot and removes them again, on its own pair, so the
// write mix measures writes, not refusals.
async function writePairs(server: TestServer, cookie: string) {
  const get = async <T>(url: string) =>
    (await (await fetch(`${server.url}${url}`, { headers: { cookie } })).json()) as T
  const plots = (await get<PlotSummary[]>('/api/plots')).filter((p) => p.tenants.length < 4)
  const people = await get<Array<{ id: string }>>('/api/people?status=waitinglist')
  return plots.slice(0, connections).map((plot, i) => ({ plot: plot.id, person: people[i]!.id }))
}

async function measureEngine(engine: 'sqlite' | 'postgres'): Promise<LoadResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `allotment-bench-${engine}-`))
  const env: Record<string, string> = { DATA_DIR: dataDir }
  const database = engine === 'postgres' ? await createScratchDatabase(pgUrl!, 'bench') : undefined
  if (database) env.DATABASE_URL = database.url
  try {
    console.log(`\n== ${engine}: seeding the scale data set`)
    const started = Date.now()
    await run(process.execPath, ['--import', 'tsx', 'scripts/seed-scale.ts'], env)
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    const spawned = Date.now()
    const server = await startServer({
      dataDir,
      env: { ...env, LOG_LEVEL: 'silent' },
      nodeOptions: profiled(engine),
    })
    try {
      const cookie = await signIn(server)
      const person = (
        (await (
          await fetch(`${server.url}/api/people?status=plotholders`, { headers: { cookie } })
        ).json()) as Array<{ id: string }>
      )[0]!.id
      const pairs = await writePairs(server, cookie)
      // A browser that has the list already asks again with its ETag (the list is no-cache).
      const peopleEtag = (
        await fetch(`${server.url}/api/people`, { headers: { cookie } })
      ).headers.get('etag')!
      // Browsers ask for gzip; so does the benchmark (the lists are 0.5 MB and 3 MB as plain JSON).
      const base = {
        url: server.url,
        connections,
        seconds,
        headers: { cookie, 'accept-encoding': 'gzip' },
        ...(server.process.pid ? { serverPid: server.process.pid } : {}),
      }
      const scenarios: LoadOptions[] = [
        { ...base, name: 'plots list', url: `${server.url}/api/plots` },
        { ...base, name: 'people list', url: `${server.url}/api/people` },
        {
          ...base,
          name: 'people list, revalidated (304)',
          url: `${server.url}/api/people`,
          headers: { ...base.headers, 'if-none-match': peopleEtag },
        },
        {
          ...base,
          name: 'one person',
          url: `${server.url}/api/people/${encodeURIComponent(person)}`,
        },
        { ...base, name: 'log, first page', url: `${server.url}/api/logs` },
        {
          ...base,
          name: 'write mix (add/remove tenant)',
          requestsFor: (i) => {
            const { plot, person: who } = pairs[i % pairs.length]!
            const at = `/api/plots/${encodeURIComponent(plot)}/tenants/${encodeURIComponent(who)}`
            return [
              { method: 'PUT', path: at },
              { method: 'DELETE', path: at },
            ]
          },
        },
      ]
      const results: LoadResult[] = []
      const report = (result: LoadResult) => {
        console.log(
          `${engine} ${result.name}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms`,
        )
        results.push(result)
      }
      loadBegan.set(engine, (Date.now() - spawned) / 1000)
      for (const scenario of scenarios.filter((s) => wanted(s.name))) {
        report(await medianLoad(scenario, runs))
      }
      // A second instance on the same PostgreSQL: what it adds to the writes, and whether the
      // rules still hold when two instances race for the same rows.
      if (engine === 'postgres') {
        const second = await startServer({ dataDir, env: { ...env, LOG_LEVEL: 'silent' } })
        try {
          const mix = scenarios.find((s) => s.name.startsWith('write mix'))!
          const name = 'write mix, two instances'
          if (wanted(name)) {
            const pids = [server.process.pid ?? 0, second.process.pid ?? 0]
            report(await medianLoadAcross([server.url, second.url], pids, { ...mix, name }, runs))
          }
          if (wanted('race')) {
            races.push(await raceTenantLimit([server.url, second.url], cookie))
            races.push(await raceStaleVersion([server.url, second.url], cookie))
          }
        } finally {
          await second.stop()
        }
      }
      return results
    } finally {
      await server.stop()
    }
  } finally {
    await database?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

function table(engine: string, results: LoadResult[], baseline: LoadResult) {
  console.log(`\n${engine} (${connections} connections, median of ${runs} runs of ${seconds} s)`)
  console.log(
    'scenario                          req/s   ×baseline   p50 ms  p97.5 ms  p99 ms  server CPU µs/req  non-2xx errors',
  )
  for (const r of [baseline, ...results]) {
    console.log(
      `${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(6)}   ${(r.rps / baseline.rps).toFixed(2).padStart(9)}   ${String(r.p50).padStart(6)}  ${String(r.p975).padStart(8)}  ${String(r.p99).padStart(6)}  ${r.serverCpuUs.toFixed(0).padStart(17)}  ${String(r.non2xx).padStart(7)} ${String(r.errors).padStart(6)}`,
    )
  }
}

const baselineServer = await startBaseline()
const baseline = await medianLoad(
  {
    name: 'baseline: Fastify hello world',
    url: `${baselineServer.url}/hello`,
    connections,
    seconds,
    ...(baselineServer.pid ? { serverPid: baselineServer.pid } : {}),
  },
  runs,
)
baselineServer.stop()
const races: RaceResult[] = []
const engines: Array<'sqlite' | 'postgres'> = (
  pgUrl ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)
).filter(
  (engine) => !process.env.BENCH_ENGINES || process.env.BENCH_ENGINES.split(',').includes(engine),
)
const all: Array<[string, LoadResult[]]> = []
for (const engine of engines) all.push([engine, await measureEngine(engine)])
for (const [engine, results] of all) table(engine, results, baseline)
if (races.length) {
  console.log('\nraces between two instances on one PostgreSQL')
  for (const race of races) {
    console.log(
      `${race.name.padEnd(44)} ${race.outcome.padEnd(40)} ${race.ms.toFixed(0).padStart(5)} ms  ${race.held ? 'held' : 'BROKEN'}`,
    )
  }
  if (races.some((race) => !race.held)) process.exitCode = 1
}
for (const engine of profileDir ? engines : []) {
  const folder = path.join(profileDir!, engine)
  for (const file of fs.readdirSync(folder).filter(isMainThread)) {
    const from = loadBegan.get(engine) ?? 0
    console.log(
      `\n${engine} server profile from its first load on (${from.toFixed(1)} s), top by self time (${path.join(folder, file)})`,
    )
    for (const line of profileTop(path.join(folder, file), from)) console.log(line)
  }
}
if (comparing || recording) {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
    .toString()
    .trim()
  const run = baselineOf(commit, { seconds, runs, connections }, baseline, all)
  if (comparing && !fs.existsSync(BASELINE_FILE)) {
    console.log('\nno baseline yet: npm run bench:compare -- --write-baseline records one')
  } else if (comparing) {
    const { lines, worse } = compareWithBaseline(readBaseline(), run)
    console.log(`\n${lines.join('\n')}`)
    console.log(
      worse ? `\n${worse} figure(s) worse by more than 15%` : '\nnone worse by more than 15%',
    )
  }
  if (recording) {
    writeBaseline(run)
    console.log('\nrecorded as the baseline (scripts/bench/baseline.json)')
  }
}
