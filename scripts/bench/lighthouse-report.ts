import { median } from './seeded-server.ts'
import type { FailedAudit, FormFactor, LighthouseRun } from './lighthouse-run.ts'

// The targets.
const PERFORMANCE_TARGET = 95
const ACCESSIBILITY_TARGET = 100

export interface PageRuns {
  formFactor: FormFactor
  page: string
  runs: LighthouseRun[]
}

const of = (runs: LighthouseRun[], figure: (run: LighthouseRun) => number) =>
  median(runs.map(figure))

function verdict(runs: LighthouseRun[]) {
  const misses = [
    of(runs, (r) => r.scores.performance) < PERFORMANCE_TARGET ? 'performance' : '',
    of(runs, (r) => r.scores.accessibility) < ACCESSIBILITY_TARGET ? 'accessibility' : '',
  ].filter(Boolean)
  return misses.length ? `OVER (${misses.join(', ')})` : 'PASS'
}

// Audits failing in most runs: one run's hiccup is noise, not something to fix.
function usualFailures(runs: LighthouseRun[]): FailedAudit[] {
  const byId = new Map<string, FailedAudit[]>()
  for (const audit of runs.flatMap((run) => run.failed))
    byId.set(audit.id, [...(byId.get(audit.id) ?? []), audit])
  return [...byId.values()].filter((seen) => seen.length > runs.length / 2).map((seen) => seen[0]!)
}

export function printLighthouse(results: PageRuns[]) {
  for (const formFactor of new Set(results.map((r) => r.formFactor))) {
    const rows = results.filter((r) => r.formFactor === formFactor)
    const index = median(rows.flatMap((r) => r.runs.map((run) => run.benchmarkIndex)))
    console.log(
      `\n${formFactor} (CPU benchmark index ${index.toFixed(0)}; targets: perf ≥ 95, a11y 100)`,
    )
    console.log('page           perf  a11y  b-p   seo   LCP ms    CLS   TBT ms  verdict')
    for (const { page, runs } of rows) {
      const score = (category: keyof LighthouseRun['scores']) =>
        String(of(runs, (r) => r.scores[category])).padStart(4)
      console.log(
        [
          page.padEnd(13),
          score('performance'),
          score('accessibility'),
          score('best-practices'),
          score('seo'),
          of(runs, (r) => r.lcp)
            .toFixed(0)
            .padStart(7),
          of(runs, (r) => r.cls)
            .toFixed(3)
            .padStart(6),
          of(runs, (r) => r.tbt)
            .toFixed(0)
            .padStart(7),
          verdict(runs),
        ].join('  '),
      )
    }
    for (const { page, runs } of rows) {
      const failures = usualFailures(runs)
      if (failures.length === 0) continue
      console.log(`\n${formFactor} ${page}: audits that lose points`)
      for (const audit of failures) {
        const shown = audit.displayValue ? ` (${audit.displayValue})` : ''
        console.log(
          `  [${audit.category}] ${audit.id}: ${audit.title}${shown}, score ${audit.score}`,
        )
        for (const where of audit.where) console.log(`      ${where.slice(0, 160)}`)
      }
    }
  }
}
