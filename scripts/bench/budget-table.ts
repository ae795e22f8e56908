import { median } from './seeded-server.ts'

export interface Row {
  label: string
  value: number
  // Higher is better for scores; lower for times and counts. No budget: shown for information.
  budget?: number
  higherIsBetter?: boolean
}

/** The median of each figure over the runs, picked out by `figure`. */
export const medianOf = <T>(runs: T[], figure: (run: T) => number) => median(runs.map(figure))

function verdict(row: Row) {
  if (row.budget === undefined || Number.isNaN(row.value)) return '—'
  const within = row.higherIsBetter ? row.value >= row.budget : row.value <= row.budget
  return within ? 'PASS' : 'OVER'
}

const figure = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1))

export function printTable(title: string, rows: Row[]) {
  const width = Math.max(...rows.map((row) => row.label.length))
  console.log(`\n${title}`)
  console.log(
    `${'figure'.padEnd(width)}  ${'median'.padStart(8)}  ${'budget'.padStart(8)}  verdict`,
  )
  for (const row of rows) {
    const budget =
      row.budget === undefined ? '—' : `${row.higherIsBetter ? '≥' : '≤'} ${figure(row.budget)}`
    console.log(
      `${row.label.padEnd(width)}  ${figure(row.value).padStart(8)}  ${budget.padStart(8)}  ${verdict(row)}`,
    )
  }
}
