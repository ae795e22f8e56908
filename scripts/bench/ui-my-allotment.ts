import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/helpers/chromium.ts'
import { longTaskStats } from './ui-people.ts'
import { installProbe, NAME_SHIM } from './ui-probe.ts'
import { median } from './seeded-server.ts'

// My allotment opened as a member opens it: a phone-sized window, the processor slowed four times
// (as Lighthouse's mobile run assumes), nothing cached. Timed inside the page from navigation
// start: when the member's plot is painted, and the long tasks (over 50 ms) until then, which are
// what keeps a phone from answering a tap while the page opens.
const MY_PLOT = '.my-allotment__plots li'
const RUNS = 5

export async function measureMyAllotment(url: string, cookie: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  const [name = '', value = ''] = cookie.split(';')[0]!.split('=')
  const runs: Array<{ painted: number; max: number; total: number }> = []
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
      await context.addCookies([{ name, value, url }])
      await context.addInitScript({ content: NAME_SHIM })
      await context.addInitScript(installProbe, [MY_PLOT])
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await page.goto(`${url}/members/me`)
      const seen = await page.waitForFunction(
        (plot) => window.__bench.firstSeen[plot]?.paintedAt ?? false,
        MY_PLOT,
      )
      const painted = (await seen.jsonValue()) as number
      const tasks = await page.evaluate(() => window.__bench.longTasks)
      const { max, total } = longTaskStats(tasks.filter((task) => task.start < painted))
      runs.push({ painted, max, total })
      await context.close()
    }
  } finally {
    await browser.close()
  }
  const of = (pick: (r: (typeof runs)[number]) => number) => median(runs.map(pick)).toFixed(0)
  console.log(
    `My allotment on a phone (412 px, CPU slowed 4×, median of ${RUNS}): plot painted at ${of((r) => r.painted)} ms; longest task ${of((r) => r.max)} ms; long tasks ${of((r) => r.total)} ms in all`,
  )
}
