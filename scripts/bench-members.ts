import { startSmtpServer } from '#tests/helpers/smtp'
import type { YearPreview } from '#shared/schemas/rent'
import {
  buildIfMissing,
  DEMO_ADMIN,
  loadAverage,
  median,
  onEachEngine,
  signInCookie,
  startSeededServer,
} from './bench/seeded-server.ts'
import { measureMyAllotment } from './bench/ui-my-allotment.ts'

// `npm run bench:members`: a member's own pages (issue 29) on the council-sized data set (npm run
// seed:scale: 10,000 people, 2,000 plots, a rent year of 2,000 invoices started here), through
// the real server process, on SQLite and (with TEST_DATABASE_URL) PostgreSQL. demo-plotholder is
// linked to a plot holder by the seed. Targets: each /api/me/… answer under 20 ms median;
// inviting every plot holder without an account (thousands) queued in under 2 s, then sent at the
// mail rate the jobs keep. My allotment is also opened in Chromium as on a phone (no target of
// its own: Lighthouse's is in bench:lighthouse; this shows what holds the page up).

const RUNS = 25
// Every read the page makes at once (the site map too, which My plot marks), and the plots'
// states the members' map shows beside it (issue 44).
const ROUTES = [
  '/api/me/details',
  '/api/me/plots',
  '/api/me/rent',
  '/api/me/messages',
  '/api/me/offers',
  '/api/me/still-want',
  '/api/site-map',
  '/api/site-map/plot-states',
]

async function bench(engine: string, env: Record<string, string>) {
  console.log(`\n== ${engine}: seeding the scale data set (10,000 people, 2,000 plots)`)
  const smtp = await startSmtpServer()
  process.env.DATABASE_URL = env.DATABASE_URL
  const app = await startSeededServer('seed-scale.ts', {
    ...env,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    SIGN_IN_LIMIT: '1000',
  })
  try {
    const { url } = app.server
    const admin = await signInCookie(url)
    const post = (path: string, body: object) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { cookie: admin, 'content-type': 'application/json', origin: url },
        body: JSON.stringify(body),
      })
    const startDate = new Date().toISOString().slice(0, 10)
    const { sending } = (await (
      await post('/api/rent/years/preview', { startDate })
    ).json()) as YearPreview
    const started = await post('/api/rent/years', { startDate, confirmed: sending })
    if (started.status !== 201) throw new Error(`rent year: ${await started.text()}`)
    // The year's invoice e-mails go first, so that the member's pages are timed on a quiet server.
    const waitFor = async (done: () => boolean) => {
      const from = performance.now()
      while (!done() && performance.now() - from < 300_000)
        await new Promise((resolve) => setTimeout(resolve, 500))
      return (performance.now() - from) / 1000
    }
    await waitFor(() => smtp.received.length >= sending.emails)

    const member = await signInCookie(url, { ...DEMO_ADMIN, username: 'demo-plotholder' })
    for (const route of ROUTES) {
      const times: number[] = []
      let status = 0
      for (let run = 0; run < RUNS; run++) {
        const begun = performance.now()
        const response = await fetch(`${url}${route}`, { headers: { cookie: member } })
        await response.arrayBuffer()
        times.push(performance.now() - begun)
        status = response.status
      }
      if (status !== 200) throw new Error(`${route} answered ${status}`)
      const shown = times.map((t) => t.toFixed(1)).join(', ')
      console.log(
        `${route}: median ${median(times).toFixed(1)} ms of ${RUNS} (${shown}) (target under 20 ms)`,
      )
    }
    await measureMyAllotment(url, member)
    const begun = performance.now()
    const invited = await post('/api/invitations', { group: 'plotholders' })
    const queuedMs = performance.now() - begun
    if (invited.status !== 201) throw new Error(`invitations: ${await invited.text()}`)
    const counts = (await invited.json()) as { invited: number }
    console.log(
      `invite every plot holder: ${counts.invited.toLocaleString('en-GB')} queued in ${queuedMs.toFixed(0)} ms (target under 2,000 ms)`,
    )
    const sent = () => smtp.received.filter((m) => m.subject.startsWith('Your invitation')).length
    const seconds = await waitFor(() => sent() >= counts.invited)
    console.log(
      `  ${sent().toLocaleString('en-GB')} e-mails taken by the mail server in ${seconds.toFixed(1)} s (${(sent() / seconds).toFixed(0)} a second)`,
    )
    console.log(loadAverage())
  } finally {
    await app.stop()
    await smtp.close()
  }
}

await buildIfMissing()
await onEachEngine('allotment_bench_members', bench)
