import { chromium, type BrowserContext, type Page } from 'playwright-core'
import {
  buildIfMissing,
  DEMO_ADMIN,
  loadAverage,
  startSeededServer,
} from './bench/seeded-server.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/helpers/chromium.ts'
import { measurePeople, PEOPLE_ROW, WORDS } from './bench/ui-people.ts'
import { measurePlots, PLOT_CARD } from './bench/ui-plots.ts'
import { installProbe, NAME_SHIM } from './bench/ui-probe.ts'
import { printPeople, printPlots } from './bench/ui-report.ts'

// npm run bench:ui — the screens at scale (10,000 people, 2,000 plots) in Debian's Chromium:
// typing in the people filter and loading, paging and scrolling the plots grid, timed inside the
// page with the Performance API. Each figure is the median of BENCH_RUNS runs (5).
const runs = Number(process.env.BENCH_RUNS ?? 5)

async function repeat<T>(
  name: string,
  context: BrowserContext,
  measure: (page: Page) => Promise<T>,
) {
  const results: T[] = []
  for (let i = 1; i <= runs; i++) {
    // A fresh page a run: no React state or query cache carried over (the HTTP cache is, as for
    // a member coming back).
    const page = await context.newPage()
    try {
      results.push(await measure(page))
    } finally {
      await page.close()
    }
    console.log(`${name}: run ${i} of ${runs} done (${loadAverage()})`)
  }
  return results
}

await buildIfMissing()
console.log('== seeding the scale data set')
const app = await startSeededServer('seed-scale.ts')
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--headless', ...CHROMIUM_FLAGS],
})
try {
  // The default 1280 × 720 viewport: the committee works on the lists at a desk.
  const context = await browser.newContext({ baseURL: app.server.url })
  const signedIn = await context.request.post('/api/auth/sign-in/username', { data: DEMO_ADMIN })
  if (!signedIn.ok()) throw new Error(`sign-in failed: ${await signedIn.text()}`)
  await context.addInitScript({ content: NAME_SHIM })
  await context.addInitScript(installProbe, [PEOPLE_ROW, PLOT_CARD])
  const loadBefore = loadAverage()
  const waiting = await repeat('waiting list', context, (page) =>
    measurePeople(page, 'waitinglist'),
  )
  const holders = await repeat('plot holders', context, (page) =>
    measurePeople(page, 'plotholders'),
  )
  const plots = await repeat('plots grid', context, measurePlots)

  console.log(`\nbench:ui — median of ${runs} runs; ms from the input, or from navigation start`)
  console.log(`before: ${loadBefore}\nafter:  ${loadAverage()}`)
  const typing = WORDS.map((word) => `"${word}" and ${word.length} × Backspace`).join(', then ')
  printPeople(`Waiting list (5,000 people): typing ${typing}`, waiting)
  printPeople('Plot holders: the same', holders)
  printPlots('Plots grid (2,000 plots, 200 a page)', plots)
} finally {
  await browser.close()
  await app.stop()
}
