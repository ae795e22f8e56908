import { chromium, type Page } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/helpers/chromium.ts'
import { cameraPhoto } from '../tests/helpers/sample-image.ts'
import { inspectionMessages } from '#shared/messages/inspections'
import type { RoundDetail } from '#shared/schemas/inspections'
import {
  apiClient,
  buildIfMissing,
  DEMO_ADMIN,
  loadAverage,
  median,
  memoryMb,
  percentile,
  startSeededServer,
  timed,
} from './bench/seeded-server.ts'

// `npm run bench:inspections`: issue 32's targets on the council-sized data set (npm run
// seed:scale: 2,000 plots), through the real server process (SQLite), in Chromium at 375 px:
// - a round of 200 plots recorded with no signal, each with a photo of about 300 kB: each plot
//   kept on the phone in under 100 ms (from the press of Save to the word that it is saved);
// - the signal back, the sync of the 200 records with their 200 photos over loopback: under 60 s,
//   the server's memory under 300 MB.
// The inspections screen's JS beyond the shell is the build's budget table (npm run build, then
// `npx vitest run --project build`): at most 40 kB gzipped.

const PLOTS = Number(process.env.BENCH_PLOTS ?? 200)

// In the page: the time from each press of Save to the status that says the plot is saved,
// measured by the page's own clock, so that the test driver's round trips are not counted.
const SAVE_CLOCK = `
  window.__saves = []
  document.addEventListener('click', (event) => {
    const button = event.target.closest && event.target.closest('button')
    if (button && button.textContent === ${JSON.stringify(inspectionMessages.savePlot)})
      window.__pressedAt = performance.now()
  }, true)
  new MutationObserver(() => {
    const status = document.querySelector('.alert--success')
    const said = status ? status.textContent : ''
    if (window.__pressedAt && said !== window.__said) {
      window.__saves.push(performance.now() - window.__pressedAt)
      window.__pressedAt = 0
    }
    window.__said = said
  }).observe(document, { subtree: true, childList: true, characterData: true })
`

async function recordOffline(page: Page, photo: Buffer) {
  for (let n = 0; n < PLOTS; n++) {
    const plotId = await page.getByLabel(inspectionMessages.plot, { exact: true }).inputValue()
    await page.getByLabel(n % 3 ? 'Good' : 'Needs work', { exact: true }).check()
    await page
      .getByLabel(inspectionMessages.cultivated, { exact: true })
      .fill(String(50 + (n % 50)))
    await page.getByLabel(inspectionMessages.addPhotos, { exact: true }).setInputFiles({
      name: `plot-${plotId}.jpg`,
      mimeType: 'image/jpeg',
      buffer: photo,
    })
    await page.getByRole('img', { name: inspectionMessages.photoNumber(1), exact: true }).waitFor()
    await page.getByRole('button', { name: inspectionMessages.savePlot }).click()
    await page
      .getByText(inspectionMessages.plotSaved(plotId), { exact: true })
      .or(page.getByText(inspectionMessages.lastPlotSaved(plotId), { exact: true }))
      .waitFor()
  }
  return page.evaluate(() => (window as unknown as { __saves: number[] }).__saves)
}

await buildIfMissing()
console.log('== SQLite: seeding the scale data set (10,000 people, 2,000 plots)')
process.env.DATABASE_URL = ''
const app = await startSeededServer('seed-scale.ts', { DATABASE_URL: '' })
const pid = app.server.process.pid!
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--headless', ...CHROMIUM_FLAGS],
})
try {
  const call = await apiClient(app.server)
  const round = (await (
    await call('/api/inspection-rounds', { date: '2026-06-01', walkers: 'Bench' })
  ).json()) as { id: number }
  const photo = await cameraPhoto(1600, 1200, 62)
  console.log(`a photo of ${(photo.length / 1024).toFixed(0)} kB for each of ${PLOTS} plots`)

  const context = await browser.newContext({
    baseURL: app.server.url,
    viewport: { width: 375, height: 740 },
    locale: 'en-GB',
  })
  const signedIn = await context.request.post('/api/auth/sign-in/username', { data: DEMO_ADMIN })
  if (!signedIn.ok()) throw new Error(`sign-in failed: ${await signedIn.text()}`)
  await context.addInitScript(SAVE_CLOCK)
  const page = await context.newPage()
  await page.goto(`/members/inspections/${round.id}`)
  await page.getByRole('heading', { name: inspectionMessages.roundHeading('2026-06-01') }).waitFor()
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller))
  // The service worker, once in charge, has the page fetch its data again through it: wait for
  // its copies of who is signed in and of the round.
  for (;;) {
    const cached = await page.evaluate(async (roundId) => {
      const cache = await caches.open('members-data')
      return Boolean(
        (await cache.match('/api/me')) && (await cache.match(`/api/inspection-rounds/${roundId}`)),
      )
    }, round.id)
    if (cached) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await context.setOffline(true)
  await page.reload()
  await page.getByText(inspectionMessages.offline).waitFor()

  const [saves, recordingMs] = await timed(() => recordOffline(page, photo))
  console.log(
    `${saves.length} plots kept on the phone with no signal in ${(recordingMs / 1000).toFixed(1)} s: ` +
      `save to saved median ${median(saves).toFixed(0)} ms, 95th percentile ${percentile(saves, 95).toFixed(0)} ms, ` +
      `slowest ${Math.max(...saves).toFixed(0)} ms (target under 100 ms each)`,
  )

  const atStart = memoryMb(pid, 'VmRSS')
  let peak = atStart
  const watch = setInterval(() => (peak = Math.max(peak, memoryMb(pid, 'VmRSS'))), 50)
  const [, syncMs] = await timed(async () => {
    await context.setOffline(false)
    await page
      .getByText(inspectionMessages.waitingToSend(1), { exact: false })
      .waitFor({ state: 'detached', timeout: 300_000 })
    await page.waitForFunction(
      () => !/waiting to send/.test(document.body.textContent ?? ''),
      undefined,
      { timeout: 300_000 },
    )
  })
  clearInterval(watch)
  const kept = (await (await call(`/api/inspection-rounds/${round.id}`)).json()) as RoundDetail
  const photos = kept.inspections.reduce((sum, record) => sum + record.photos.length, 0)
  console.log(
    `sync of ${kept.inspections.length} records with ${photos} photos over loopback: ` +
      `${(syncMs / 1000).toFixed(1)} s (target under 60 s); server memory ${atStart.toFixed(0)} MB before, ` +
      `at most ${peak.toFixed(0)} MB while syncing, peak of the run ${memoryMb(pid, 'VmHWM').toFixed(0)} MB ` +
      `(target under 300 MB). ${loadAverage()}`,
  )
} finally {
  await browser.close()
  await app.stop()
}
