import type { Page } from 'playwright-core'
import { percentile } from './seeded-server.ts'
import type { LongTask, Reaction } from './ui-probe.ts'

// Common surnames typed one key at a time, each then erased: every keystroke changes the
// matches, and 20 keystrokes a run give a p95 that is not simply the slowest one.
export const WORDS = ['Smith', 'Jones']
export const KEYS = WORDS.flatMap((word) => [
  ...word.split(''),
  ...word.split('').map(() => 'Backspace'),
])
// Long enough to see a deferred render land after the urgent one.
const QUIET_MS = 250

export const PEOPLE_ROW = '.people-list__item'

export interface PeopleRun {
  firstRowsPainted: number
  settle: { median: number; p95: number; max: number }
  paint: { median: number; p95: number; max: number }
  eventMax: number
  // Key to list settled, one figure per key of KEYS, to show which keystrokes are the slow ones.
  perKey: number[]
  longTasks: { count: number; total: number; max: number }
}

const stats = (values: number[]) => ({
  median: percentile(values, 50),
  p95: percentile(values, 95),
  max: Math.max(...values),
})

export function longTaskStats(tasks: LongTask[]) {
  const durations = tasks.map((task) => task.duration)
  return {
    count: durations.length,
    total: durations.reduce((sum, d) => sum + d, 0),
    max: durations.length ? Math.max(...durations) : 0,
  }
}

/** One run on /members/<mode>: load the list, then type each of WORDS and erase it. */
export async function measurePeople(page: Page, mode: string): Promise<PeopleRun> {
  await page.goto(`/members/${mode}`)
  await page.locator(PEOPLE_ROW).first().waitFor()
  const firstRowsPainted = await page.waitForFunction(
    (row) => window.__bench.firstSeen[row]?.paintedAt ?? false,
    PEOPLE_ROW,
  )
  const filter = page.getByLabel('Filter', { exact: true })
  await filter.focus()
  const typingFrom = await page.evaluate(() => performance.now())
  const reactions: Reaction[] = []
  for (const key of KEYS) {
    // The list section holds the toolbar too; the input's own changes are not the list's.
    await page.evaluate(() => window.__bench.watch('section.people__list', '.toolbar'))
    await filter.press(key)
    reactions.push(await page.evaluate((quiet) => window.__bench.settled(quiet, 10_000), QUIET_MS))
  }
  const typingTo = await page.evaluate(() => performance.now())
  const tasks = await page.evaluate(() => window.__bench.longTasks)
  const since = (at: number | null, r: Reaction) => (at ?? NaN) - (r.inputAt ?? NaN)
  const missed = reactions.filter((r) => r.inputAt === null || r.settledAt === null)
  if (missed.length) throw new Error(`${missed.length} keystrokes changed nothing in the list`)
  const settle = reactions.map((r) => since(r.settledAt, r))
  return {
    firstRowsPainted: (await firstRowsPainted.jsonValue()) as number,
    settle: stats(settle),
    perKey: settle,
    paint: stats(reactions.map((r) => since(r.paintedAt, r))),
    eventMax: Math.max(0, ...reactions.map((r) => r.eventDuration ?? 0)),
    longTasks: longTaskStats(
      tasks.filter((task) => task.start >= typingFrom && task.start < typingTo),
    ),
  }
}
