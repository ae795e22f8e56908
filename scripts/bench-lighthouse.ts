import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/helpers/chromium.ts'
import * as chromeLauncher from 'chrome-launcher'
import { printLighthouse, type PageRuns } from './bench/lighthouse-report.ts'
import { runLighthouse, type FormFactor, type LighthouseRun } from './bench/lighthouse-run.ts'
import {
  buildIfMissing,
  DEMO_ADMIN,
  loadAverage,
  signInCookie,
  startSeededServer,
} from './bench/seeded-server.ts'

// npm run bench:lighthouse — Lighthouse on the built app in Debian's Chromium, on the demo data
// set, mobile (Lighthouse's default: simulated slow 4G and 4× CPU slowdown); add `-- --desktop`
// for the desktop preset too. Each figure is the median of BENCH_RUNS runs (3); BENCH_PAGE
// ("My allotment") measures that page alone.
const runs = Number(process.env.BENCH_RUNS ?? 3)
const onlyPage = process.env.BENCH_PAGE
const formFactors: FormFactor[] = process.argv.includes('--desktop')
  ? ['mobile', 'desktop']
  : ['mobile']

// Who each page is measured as: nobody, the administrator, or demo-plotholder (a member linked to
// a plot holder, for My allotment).
type Visitor = 'public' | 'admin' | 'member'

const pagesFor = (personId: string): Array<{ name: string; path: string; as: Visitor }> => [
  { name: 'Home', path: '/', as: 'public' },
  { name: 'Login', path: '/login', as: 'public' },
  { name: 'Plots grid', path: '/members/plots', as: 'admin' },
  { name: 'People list', path: '/members/plotholders', as: 'admin' },
  { name: 'A person', path: `/members/plotholders/${encodeURIComponent(personId)}`, as: 'admin' },
  { name: 'My allotment', path: '/members/me', as: 'member' },
]

// The first plot holder of the demo data, as the list shows them.
async function firstPlotHolder(url: string, cookie: string): Promise<string> {
  const response = await fetch(`${url}/api/people?status=plotholders`, { headers: { cookie } })
  const [first] = (await response.json()) as Array<{ id: string }>
  if (!first) throw new Error('the demo data has no plot holder')
  return first.id
}

// On a busy machine Lighthouse now and then loses the trace (NO_NAVSTART, NO_FCP): that run is
// retried, not counted.
async function measure(url: string, port: number, formFactor: FormFactor, cookie?: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, port, formFactor, cookie)
    } catch (error) {
      if (attempt === 3) throw error
      console.log(`retrying after: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}

await buildIfMissing()
console.log('== seeding the demo data set')
const app = await startSeededServer('seed-demo.ts')
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
})
try {
  const cookie = await signInCookie(app.server.url)
  const cookies: Record<Visitor, string | undefined> = {
    public: undefined,
    admin: cookie,
    member: await signInCookie(app.server.url, { ...DEMO_ADMIN, username: 'demo-plotholder' }),
  }
  const pages = pagesFor(await firstPlotHolder(app.server.url, cookie)).filter(
    (page) => !onlyPage || page.name === onlyPage,
  )
  const loadBefore = loadAverage()
  const results: PageRuns[] = []
  for (const formFactor of formFactors) {
    for (const page of pages) {
      const url = `${app.server.url}${page.path}`
      const pageRuns: LighthouseRun[] = []
      for (let i = 1; i <= runs; i++) {
        pageRuns.push(await measure(url, chrome.port, formFactor, cookies[page.as]))
        console.log(`${formFactor} ${page.name}: run ${i} of ${runs} done (${loadAverage()})`)
      }
      // A lost session would measure the login page under the members page's name.
      const landed = new URL(pageRuns[0]!.finalUrl).pathname
      if (landed !== page.path) throw new Error(`${page.path} ended on ${landed}: not signed in?`)
      results.push({ formFactor, page: page.name, runs: pageRuns })
    }
  }
  const { version, userAgent } = results[0]!.runs[0]!
  const chromium = /Chrome\/([\d.]+)/.exec(userAgent)?.[1] ?? userAgent
  console.log(
    `\nbench:lighthouse — median of ${runs} runs; Lighthouse ${version}, Chromium ${chromium}`,
  )
  console.log(`before: ${loadBefore}\nafter:  ${loadAverage()}`)
  printLighthouse(results)
} finally {
  chrome.kill()
  await app.stop()
}
