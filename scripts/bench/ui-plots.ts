import type { Locator, Page } from 'playwright-core'
import { longTaskStats } from './ui-people.ts'

export const PLOT_CARD = '.plots-grid .plot-card'
// About a quick fling: 120 px a frame is 7,200 px a second at 60 frames a second.
const SCROLL_STEP_PX = 120
const JANK_MS = 50

export interface ScrollStats {
  frames: number
  maxGap: number
  jank: number
}

export interface PlotsRun {
  firstCardsPainted: number
  loadLongTasks: { count: number; total: number; max: number }
  firstShowMore: number
  slowestShowMore: number
  cards: number
  scrollFirstPage: ScrollStats
  scrollAll: ScrollStats
}

async function scroll(page: Page): Promise<ScrollStats> {
  const gaps = await page.evaluate((step) => window.__bench.scrollToBottom(step), SCROLL_STEP_PX)
  return {
    frames: gaps.length,
    maxGap: Math.max(0, ...gaps),
    jank: gaps.filter((gap) => gap > JANK_MS).length,
  }
}

// Click to the painted frame after the new cards went in.
async function showMore(page: Page, button: Locator): Promise<number> {
  await page.evaluate(() => window.__bench.watch('.plots-grid'))
  await button.click()
  const reaction = await page.evaluate(() => window.__bench.settled(100, 10_000))
  if (reaction.inputAt === null || reaction.paintedAt === null)
    throw new Error('Show more added no cards')
  return reaction.paintedAt - reaction.inputAt
}

/** One run on /members/plots: load, scroll, 'Show more' until all plots show, scroll again. */
export async function measurePlots(page: Page): Promise<PlotsRun> {
  await page.goto('/members/plots')
  const painted = await page.waitForFunction(
    (card) => window.__bench.firstSeen[card]?.paintedAt ?? false,
    PLOT_CARD,
  )
  const firstCardsPainted = (await painted.jsonValue()) as number
  // Tasks that began before the cards showed held them up.
  const tasks = await page.evaluate(() => window.__bench.longTasks)
  const loadLongTasks = longTaskStats(tasks.filter((task) => task.start < firstCardsPainted))
  const scrollFirstPage = await scroll(page)

  const button = page.getByRole('button', { name: 'Show more' })
  const clicks: number[] = []
  while (await button.isVisible()) clicks.push(await showMore(page, button))
  const cards = await page.locator(PLOT_CARD).count()
  await page.evaluate(() => scrollTo(0, 0))
  const scrollAll = await scroll(page)
  return {
    firstCardsPainted,
    loadLongTasks,
    firstShowMore: clicks[0] ?? NaN,
    slowestShowMore: Math.max(...clicks),
    cards,
    scrollFirstPage,
    scrollAll,
  }
}
