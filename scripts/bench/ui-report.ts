import { medianOf, printTable, type Row } from './budget-table.ts'
import { KEYS, type PeopleRun } from './ui-people.ts'
import type { PlotsRun } from './ui-plots.ts'

// The budget is the keystroke's; the others are ours: 200 ms is where INP stops being
// 'good' (a click, or a task that would delay one), 1 s to show a screen's content, and a frame
// over 50 ms is a visible stutter.
const KEYSTROKE_MS = 50
const INTERACTION_MS = 200
const FIRST_CONTENT_MS = 1000
const FRAME_MS = 50

type Figure<T> = [label: string, figure: (run: T) => number, budget?: number]

function table<T>(title: string, runs: T[], figures: Array<Figure<T>>) {
  const rows: Row[] = figures.map(([label, figure, budget]) => ({
    label,
    value: medianOf(runs, figure),
    budget,
  }))
  printTable(title, rows)
}

export function printPeople(title: string, runs: PeopleRun[]) {
  table(title, runs, [
    ['navigation → first rows painted', (r) => r.firstRowsPainted, FIRST_CONTENT_MS],
    ['key → list settled, median', (r) => r.settle.median, KEYSTROKE_MS],
    ['key → list settled, p95', (r) => r.settle.p95, KEYSTROKE_MS],
    ['key → list settled, max', (r) => r.settle.max, KEYSTROKE_MS],
    ['key → next frame after it, median', (r) => r.paint.median, KEYSTROKE_MS],
    ['key → next frame after it, p95', (r) => r.paint.p95, KEYSTROKE_MS],
    ['key → next frame after it, max', (r) => r.paint.max, KEYSTROKE_MS],
    ['Event Timing (input → paint), max', (r) => r.eventMax, KEYSTROKE_MS],
    ['long tasks while typing, count', (r) => r.longTasks.count, 0],
    ['long tasks while typing, total ms', (r) => r.longTasks.total],
    ['long tasks while typing, max ms', (r) => r.longTasks.max],
  ])
  const keys = KEYS.map((key, i) => {
    const ms = medianOf(runs, (r) => r.perKey[i]!).toFixed(0)
    return `${key === 'Backspace' ? '⌫' : key} ${ms}`
  })
  console.log(`key → list settled, keystroke by keystroke: ${keys.join(', ')}`)
}

export function printPlots(title: string, runs: PlotsRun[]) {
  table(title, runs, [
    ['navigation → first cards painted', (r) => r.firstCardsPainted, FIRST_CONTENT_MS],
    ['long tasks during load, count', (r) => r.loadLongTasks.count],
    ['long tasks during load, total ms', (r) => r.loadLongTasks.total],
    ['long tasks during load, max ms', (r) => r.loadLongTasks.max, INTERACTION_MS],
    ["'Show more' click → 200 more painted", (r) => r.firstShowMore, INTERACTION_MS],
    ["'Show more' slowest click, to 2,000", (r) => r.slowestShowMore, INTERACTION_MS],
    ['cards after the last Show more', (r) => r.cards],
    ['scroll 200 cards: frames', (r) => r.scrollFirstPage.frames],
    ['scroll 200 cards: longest frame gap', (r) => r.scrollFirstPage.maxGap, FRAME_MS],
    ['scroll 200 cards: jank frames > 50 ms', (r) => r.scrollFirstPage.jank, 0],
    ['scroll all cards: frames', (r) => r.scrollAll.frames],
    ['scroll all cards: longest frame gap', (r) => r.scrollAll.maxGap, FRAME_MS],
    ['scroll all cards: jank frames > 50 ms', (r) => r.scrollAll.jank, 0],
  ])
}
