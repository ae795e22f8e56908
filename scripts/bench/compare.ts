import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { LoadResult } from './load.ts'

// npm run bench:compare: the scenarios of issue 49 against the figures committed in
// baseline.json, each marked when it is more than 15% worse. The machine is shared, and the same
// hello-world has cost 13 µs of server CPU one day and 38 µs another, so a figure is judged as a
// multiple of the hello-world measured in the same run (server CPU a request ÷ the hello-world's;
// requests a second ÷ its): a machine slower all round marks nothing, code grown dearer does. The
// raw figures and the load average are printed beside them.

export const BASELINE_FILE = path.join(import.meta.dirname, 'baseline.json')
/** The scenarios compared: a person, the log's first page and the write mix (issue 49). */
export const COMPARED = ['person', 'log', 'hello', 'mix (add']
const WORSE = 0.15

interface Figures {
  rps: number
  serverCpuUs: number
}

export interface Baseline {
  measured: string
  commit: string
  loadAverage: number[]
  settings: { seconds: number; runs: number; connections: number }
  figures: Record<string, Record<string, Figures>>
}

const figuresOf = (r: LoadResult): Figures => ({
  rps: Math.round(r.rps),
  serverCpuUs: Math.round(r.serverCpuUs),
})

/** The figures of a run, by engine and scenario ('hello' for the hello-world baseline). */
export function baselineOf(
  commit: string,
  settings: Baseline['settings'],
  hello: LoadResult,
  results: ReadonlyArray<[string, LoadResult[]]>,
): Baseline {
  const figures: Baseline['figures'] = { hello: { [hello.name]: figuresOf(hello) } }
  for (const [engine, engineResults] of results)
    figures[engine] = Object.fromEntries(engineResults.map((r) => [r.name, figuresOf(r)]))
  return {
    measured: new Date().toISOString(),
    commit,
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
    settings,
    figures,
  }
}

const change = (now: number, then: number) => (now - then) / then
const HELLO = 'hello'
/** The run's hello-world figures, by which its others are judged. */
const helloOf = (run: Baseline) => Object.values(run.figures[HELLO] ?? {})[0]

/** The table of the run against the baseline; `worse` counts the figures marked. */
export function compareWithBaseline(baseline: Baseline, run: Baseline) {
  const lines = [
    `baseline of ${baseline.measured} (commit ${baseline.commit}, load average ${baseline.loadAverage.join(' ')})`,
    `this run of ${run.measured} (commit ${run.commit}, load average ${run.loadAverage.join(' ')})`,
    '',
    "changes are of each figure as a multiple of its own run's hello-world (the hello-world's own: raw)",
    'engine    scenario                          CPU µs/req then → now   change     req/s then → now   change',
  ]
  let worse = 0
  const helloThen = helloOf(baseline)
  const helloNow = helloOf(run)
  for (const [engine, scenarios] of Object.entries(run.figures)) {
    for (const [name, now] of Object.entries(scenarios)) {
      const then = baseline.figures[engine]?.[name]
      if (!then) {
        lines.push(`${engine.padEnd(9)} ${name.padEnd(32)}  (not in the baseline)`)
        continue
      }
      // The hello-world itself is judged by its raw figures: it is the machine's measure.
      const judged = engine !== HELLO && helloThen && helloNow
      const cpu = judged
        ? change(now.serverCpuUs / helloNow.serverCpuUs, then.serverCpuUs / helloThen.serverCpuUs)
        : change(now.serverCpuUs, then.serverCpuUs)
      const rps = judged
        ? change(now.rps / helloNow.rps, then.rps / helloThen.rps)
        : change(now.rps, then.rps)
      const marked = engine !== HELLO && (cpu > WORSE || rps < -WORSE)
      if (marked) worse++
      const percent = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(0)}%`.padStart(6)
      lines.push(
        `${engine.padEnd(9)} ${name.padEnd(32)} ${String(then.serverCpuUs).padStart(8)} → ${String(now.serverCpuUs).padEnd(8)}  ${percent(cpu)}   ${String(then.rps).padStart(7)} → ${String(now.rps).padEnd(7)} ${percent(rps)}${marked ? '   WORSE BY MORE THAN 15%' : ''}`,
      )
    }
  }
  return { lines, worse }
}

export function readBaseline(): Baseline {
  return JSON.parse(fs.readFileSync(BASELINE_FILE, 'utf8')) as Baseline
}

export function writeBaseline(baseline: Baseline) {
  fs.writeFileSync(BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`)
}
