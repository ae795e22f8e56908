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
  makePlot,
  PHONE,
  poll,
  statusTexts,
  today,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// A round walked on a phone (issue 32): grade plots one after another, with a photo from the
// phone's camera, and keep on grading when the signal goes; what was kept on the phone is sent
// when it returns.
describe('inspecting plots on a phone', () => {
  const suite = useServerAndBrowser()
  let api: APIRequestContext

  // A phone camera's photo: 4,000 px wide and a few MB.
  let cameraPhoto: Buffer
  beforeAll(async () => {
    api = await apiAs(suite.server, 'fixtures', 3)
    for (const id of ['A1', 'A2', 'A3', 'A4']) await makePlot(api, id)
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

  async function grade(page: Page, plotId: string, gradeName: string, cultivated: string) {
    await poll(() => field(page, inspectionMessages.plot).inputValue()).toBe(plotId)
    await page.getByLabel(gradeName, { exact: true }).check()
    await field(page, inspectionMessages.cultivated).fill(cultivated)
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

  it('records plots online and offline, and sends what was kept on the phone when the signal returns', async () => {
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

    await field(page, inspectionMessages.walkers).fill('Pat and Sam')
    await page.getByRole('button', { name: inspectionMessages.startRoundButton }).click()
    await poll(() => headingOf(page)).toBe(inspectionMessages.roundHeading(today()))
    const roundId = Number(new URL(page.url()).pathname.split('/').pop())
    await poll(() =>
      page.getByText(inspectionMessages.roundSummary(0, 4), { exact: false }).isVisible(),
    ).toBe(true)
    await expectUsable(page)

    // The first plot in walking order is chosen; saving moves on to the next.
    await grade(page, 'A1', 'Good', '90')
    await save(page)
    await poll(() => statusTexts(page)).toContain(inspectionMessages.plotSaved('A1'))
    await poll(() => row(page, 'A1').textContent()).toContain('walker')

    await grade(page, 'A2', 'Needs work', '40')
    await field(page, inspectionMessages.notes).fill('Brambles along the east side.')
    await field(page, inspectionMessages.addPhotos).setInputFiles({
      name: 'IMG_4001.jpg',
      mimeType: 'image/jpeg',
      buffer: cameraPhoto,
    })
    await poll(() =>
      page.getByRole('img', { name: inspectionMessages.photoNumber(1) }).isVisible(),
    ).toBe(true)
    await save(page)
    const sentPhoto = row(page, 'A2').getByRole('img', {
      name: inspectionMessages.photoOfPlot('A2', 1),
    })
    await poll(() => sentPhoto.getAttribute('src')).toMatch(/^\/api\/inspection-photos\//)
    await poll(() => sentPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600)
    await expectUsable(page)

    // No signal: the record is kept on the phone, and says so.
    await page.context().setOffline(true)
    await poll(() => page.getByText(inspectionMessages.offline).isVisible()).toBe(true)
    await grade(page, 'A3', 'Not cultivated', '0')
    await field(page, inspectionMessages.notes).fill('Nothing sown this year.')
    await save(page)
    await poll(() => page.getByText(inspectionMessages.waitingToSend(1)).isVisible()).toBe(true)
    await poll(() => row(page, 'A3').textContent()).toContain(inspectionMessages.waitingOnPhone)
    await expectNoHorizontalScroll(page)

    // The signal returns: it is sent, once.
    await page.context().setOffline(false)
    await poll(() => row(page, 'A3').textContent()).toContain('walker')
    await poll(() => page.getByText(inspectionMessages.waitingToSend(1)).count()).toBe(0)
    const kept = (await (await api.get(`/api/inspection-rounds/${roundId}`)).json()) as RoundDetail
    expect(kept.inspections.map((i) => [i.plotId, i.grade, i.cultivated, i.photos.length])).toEqual(
      [
        ['A1', 'Good', 90, 0],
        ['A2', 'Needs work', 40, 1],
        ['A3', 'Not cultivated', 0, 0],
      ],
    )
    await poll(() =>
      page.getByText(inspectionMessages.roundSummary(3, 4), { exact: false }).isVisible(),
    ).toBe(true)
    const notSeen = page.getByRole('list').filter({ has: page.getByRole('button', { name: 'A4' }) })
    await poll(() => notSeen.isVisible()).toBe(true)
    expect(await headingOf(page)).toBe(inspectionMessages.roundHeading(today()))
    await expectUsable(page)
  })
})
