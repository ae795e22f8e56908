import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext, Page } from 'playwright-core'
import { inspectionMessages } from '#shared/messages/inspections'
import type { RoundDetail } from '#shared/schemas/inspections'
import {
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  settled,
  signedInPage,
  smallTapTargets,
} from '#tests/helpers/browser'
import {
  field,
  headingOf,
  PHONE,
  poll,
  seedDemo,
  statusTexts,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// A round walked on a phone on the demo site (issue 32): grade plots one after another, with
// photos from the phone's camera; lose the signal, reload the page (the service worker answers)
// and go on grading; close the page with no signal and open it again; when the signal returns
// everything kept on the phone is sent, once.

const TODAY = '2026-06-01'

describe('inspecting plots on the demo site, on a phone', () => {
  let dataDir = ''
  beforeAll(() => {
    dataDir = seedDemo('inspections')
  })
  const suite = useServerAndBrowser(() => ({ dataDir, env: { TODAY } }))
  let api: APIRequestContext

  // A phone camera's photo: 4,000 px wide and a few MB.
  let cameraPhoto: Buffer
  beforeAll(async () => {
    api = await apiAs(suite.server, 'fixtures', 3)
    cameraPhoto = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer()
  })
  afterAll(async () => {
    await api?.dispose()
  })

  const expectUsable = async (page: Page) => {
    await settled(page)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    expect(await smallTapTargets(page)).toEqual([])
  }

  /** Grades the plot the form has chosen; gives its number. */
  async function grade(page: Page, gradeName: string, cultivated: string, notes = '') {
    const plotId = await field(page, inspectionMessages.plot).inputValue()
    await page.getByLabel(gradeName, { exact: true }).check()
    await field(page, inspectionMessages.cultivated).fill(cultivated)
    if (notes) await field(page, inspectionMessages.notes).fill(notes)
    return plotId
  }
  const addPhoto = async (page: Page) => {
    await field(page, inspectionMessages.addPhotos).setInputFiles({
      name: 'IMG_4001.jpg',
      mimeType: 'image/jpeg',
      buffer: cameraPhoto,
    })
    await poll(() =>
      page.getByRole('img', { name: inspectionMessages.photoNumber(1) }).isVisible(),
    ).toBe(true)
  }
  const save = (page: Page) =>
    page.getByRole('button', { name: inspectionMessages.savePlot }).click()
  // The round's table is cards on a phone: a row is found by its plot's cell.
  const row = (page: Page, plotId: string) =>
    page.locator('tbody tr').filter({
      has: page.locator(`td[data-label="${inspectionMessages.plot}"]`, {
        hasText: new RegExp(`^${plotId}$`),
      }),
    })
  const sentBy = (page: Page, plotId: string) =>
    poll(() => row(page, plotId).textContent(), `plot ${plotId} sent`).toContain('walker')

  it('grades plots online, offline after a reload, and sends what the phone kept when the signal returns', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'walker',
      level: 3,
      viewport: PHONE,
    })
    await page.goto('/members/plots')
    await page.getByRole('link', { name: inspectionMessages.inspections, exact: true }).click()
    await poll(() => headingOf(page)).toBe(inspectionMessages.inspections)
    await poll(() => page.getByText(inspectionMessages.noRoundsYet).isVisible()).toBe(true)
    await expectUsable(page)

    // The round is dated as the server's calendar is set for the test (the phone's own day is
    // the default).
    await field(page, inspectionMessages.roundDate).fill(TODAY)
    await field(page, inspectionMessages.walkers).fill('Pat and Sam')
    await page.getByRole('button', { name: inspectionMessages.startRoundButton }).click()
    await poll(() => headingOf(page)).toBe(inspectionMessages.roundHeading(TODAY))
    const roundPath = new URL(page.url()).pathname
    const plotCount = (
      (await (
        await api.get(`/api/inspection-rounds/${roundPath.split('/').pop()}`)
      ).json()) as RoundDetail
    ).plots.length
    await expectUsable(page)

    // Online: the first plot in walking order is chosen, and saving moves on to the next.
    const first = await grade(page, 'Good', '90')
    await save(page)
    await poll(() => statusTexts(page)).toContain(inspectionMessages.plotSaved(first))
    await sentBy(page, first)
    const second = await grade(page, 'Needs work', '40', 'Brambles along the east side.')
    expect(second).not.toBe(first)
    await addPhoto(page)
    await save(page)
    await sentBy(page, second)
    const sentPhoto = row(page, second).getByRole('img', {
      name: inspectionMessages.photoOfPlot(second, 1),
    })
    await poll(() => sentPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600)
    await expectUsable(page)
    // The service worker has the page and its data before the signal goes.
    await poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)

    // No signal, and the page reloaded: the service worker answers with the screen and the round.
    await page.context().setOffline(true)
    await page.reload()
    await poll(() => headingOf(page)).toBe(inspectionMessages.roundHeading(TODAY))
    await poll(() => page.getByText(inspectionMessages.offline).isVisible()).toBe(true)
    await poll(() => row(page, second).textContent()).toContain('walker')
    const third = await grade(page, 'Not cultivated', '0', 'Nothing sown this year.')
    await addPhoto(page)
    await save(page)
    await poll(() => page.getByText(inspectionMessages.waitingToSend(1)).isVisible()).toBe(true)
    const fourth = await grade(page, 'Needs work', '30', 'Shed roof falling in.')
    await save(page)
    await poll(() => page.getByText(inspectionMessages.waitingToSend(2)).isVisible()).toBe(true)
    await poll(() => row(page, fourth).textContent()).toContain(inspectionMessages.waitingOnPhone)
    await expectNoHorizontalScroll(page)

    // The page closed with no signal, and opened again later: the records are still on the phone.
    const context = page.context()
    await page.close()
    const again = await context.newPage()
    await again.goto(roundPath)
    await poll(() => again.getByText(inspectionMessages.waitingToSend(2)).isVisible()).toBe(true)

    // The signal returns: both are sent, once.
    await context.setOffline(false)
    await sentBy(again, third)
    await sentBy(again, fourth)
    await poll(() => again.getByText(inspectionMessages.waitingToSend(1)).count()).toBe(0)
    const kept = (await (
      await api.get(`/api/inspection-rounds/${roundPath.split('/').pop()}`)
    ).json()) as RoundDetail
    expect(kept.inspections.map((i) => [i.plotId, i.grade, i.cultivated, i.photos.length])).toEqual(
      [
        [first, 'Good', 90, 0],
        [second, 'Needs work', 40, 1],
        [third, 'Not cultivated', 0, 1],
        [fourth, 'Needs work', 30, 0],
      ],
    )
    await poll(() =>
      again.getByText(inspectionMessages.roundSummary(4, plotCount), { exact: false }).isVisible(),
    ).toBe(true)
  })
})
