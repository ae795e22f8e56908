import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { comparePlotIds } from '#shared/domain/plots'
import { inspectionMessages } from '#shared/messages/inspections'
import { mailMessages } from '#shared/messages/mail'
import { offerMessages } from '#shared/messages/offers'
import { plotHistoryMessages } from '#shared/messages/plot-history'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import type { RoundDetail } from '#shared/schemas/inspections'
import { expectNoHorizontalScroll, expectUsable, signedInPage } from '#tests/helpers/browser'
import { cameraPhoto } from '#tests/helpers/sample-image'
import {
  field,
  headingOf,
  PHONE,
  poll,
  statusTexts,
  useDemoSite,
} from '#tests/helpers/e2e-fixtures'

// Issue 32's acceptance, on the demo site on a phone: a round walked with photos, online, then
// with no signal after a reload (the service worker answers), then with the page closed and
// opened again; everything kept on the phone is sent when the signal returns. Send notices shows
// the notice, its count and its first letter, and mails the improvement notice once confirmed; with the calendar moved past its deadline, the plot inspected again and
// still neglected gets the final notice, then notice to quit, whose end date ends the tenancy and
// puts the plot among the vacant plots of the offer form.

const FIRST_WALK = '2026-06-01'

describe('inspections and notices on the demo site, on a phone', () => {
  const site = useDemoSite('inspections', FIRST_WALK)
  const { smtp } = site

  // A phone camera's photo: 4,000 px wide and a few MB.
  let photo: Buffer
  // A plot whose tenant is written to by e-mail: its notices are read as they arrive.
  let target = ''
  let tenantEmail = ''
  beforeAll(async () => {
    photo = await cameraPhoto(4000, 3000, 95)
    const page = await walkerPage()
    const plots = (await (await page.request.get('/api/plots')).json()) as Plot[]
    const people = (await (
      await page.request.get('/api/people?status=plotholders')
    ).json()) as Person[]
    const byId = new Map(people.map((person) => [person.id, person]))
    const chosen = plots
      .filter((plot) => plot.tenants.length === 1)
      .sort((a, b) => comparePlotIds(a.id, b.id))
      .find((plot) => {
        const tenant = byId.get(plot.tenants[0]!)
        return tenant?.email && tenant.contactBy === 'email'
      })!
    target = chosen.id
    tenantEmail = byId.get(chosen.tenants[0]!)!.email
    await page.context().close()
  })

  function walkerPage() {
    return signedInPage(site.browser, site.server, {
      userName: 'walker',
      level: 3,
      viewport: PHONE,
    })
  }
  const startRound = async (page: Page, date: string) => {
    await page.goto('/members/inspections')
    await poll(() => headingOf(page)).toBe(inspectionMessages.inspections)
    // The round is dated as the server's calendar is set for the test (the phone's own day is
    // the default).
    await field(page, inspectionMessages.roundDate).fill(date)
    await field(page, inspectionMessages.walkers).fill('Pat and Sam')
    await page.getByRole('button', { name: inspectionMessages.startRoundButton }).click()
    await poll(() => headingOf(page)).toBe(inspectionMessages.roundHeading(date))
    return new URL(page.url()).pathname
  }
  /** Grades the plot the form has chosen (or `plotId`, chosen first); gives its number. */
  async function grade(page: Page, gradeName: string, cultivated: string, notes = '', plotId = '') {
    if (plotId) await field(page, inspectionMessages.plot).selectOption(plotId)
    const chosen = await field(page, inspectionMessages.plot).inputValue()
    await page.getByLabel(gradeName, { exact: true }).check()
    await field(page, inspectionMessages.cultivated).fill(cultivated)
    if (notes) await field(page, inspectionMessages.notes).fill(notes)
    return chosen
  }
  const addPhoto = async (page: Page) => {
    await field(page, inspectionMessages.addPhotos).setInputFiles({
      name: 'IMG_4001.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    })
    await poll(() =>
      page.getByRole('img', { name: inspectionMessages.photoNumber(1), exact: true }).isVisible(),
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
  /** Send notices: what it would send is shown first, and sent once confirmed. */
  const sendNotices = async (page: Page) => {
    await page.getByRole('button', { name: inspectionMessages.sendNotices }).click()
    await beforeSending(page)
      .getByRole('button', { name: inspectionMessages.confirmNotices(1) })
      .click()
    await poll(() => statusTexts(page)).toContainEqual(expect.stringMatching(/notices? sent: /))
  }
  const beforeSending = (page: Page) => page.getByRole('region', { name: 'Before sending' })
  /** A round on `date` finding the plot still neglected, and its notices sent. */
  const reinspect = async (page: Page, date: string) => {
    await startRound(page, date)
    await grade(page, 'Not cultivated', '5', 'No change since the notice.', target)
    await save(page)
    await sentBy(page, target)
    await sendNotices(page)
    await page.context().close()
  }
  const mailTo = async (subject: string) => {
    const find = () =>
      smtp.received.find((mail) => mail.to.includes(tenantEmail) && mail.subject === subject)
    await poll(() => Boolean(find()), subject).toBe(true)
    return find()!
  }

  it('walks a round online and offline, and sends what the phone kept when the signal returns', async () => {
    const page = await walkerPage()
    await page.goto('/members/plots')
    await page.getByRole('link', { name: inspectionMessages.inspections, exact: true }).click()
    await poll(() => headingOf(page)).toBe(inspectionMessages.inspections)
    await poll(() => page.getByText(inspectionMessages.noRoundsYet).isVisible()).toBe(true)
    await expectUsable(page)
    const roundPath = await startRound(page, FIRST_WALK)
    await expectUsable(page)

    // Online: the plot chosen from the list, then the next one in walking order.
    await grade(page, 'Needs work', '40', 'Brambles along the east side.', target)
    await addPhoto(page)
    await save(page)
    await poll(() => statusTexts(page)).toContain(inspectionMessages.plotSaved(target))
    await sentBy(page, target)
    const sentPhoto = row(page, target).getByRole('img', {
      name: inspectionMessages.photoOfPlot(target, 1),
    })
    await poll(() => sentPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600)
    const second = await grade(page, 'Good', '90')
    expect(second).not.toBe(target)
    await save(page)
    await sentBy(page, second)
    await expectUsable(page)
    // The service worker has the page and its data before the signal goes.
    await poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)

    // No signal, and the page reloaded: the service worker answers with the screen and the round.
    await page.context().setOffline(true)
    await page.reload()
    await poll(() => headingOf(page)).toBe(inspectionMessages.roundHeading(FIRST_WALK))
    await poll(() => page.getByText(inspectionMessages.offline).isVisible()).toBe(true)
    await poll(() => row(page, target).textContent()).toContain('walker')
    const third = await grade(page, 'Acceptable', '70', 'Nothing sown at the far end.')
    await addPhoto(page)
    await save(page)
    await poll(() => page.getByText(inspectionMessages.waitingToSend(1)).isVisible()).toBe(true)
    const fourth = await grade(page, 'Good', '95', 'Tidy.')
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
      await again.request.get(`/api/inspection-rounds/${roundPath.split('/').pop()}`)
    ).json()) as RoundDetail
    expect(kept.inspections.map((i) => [i.plotId, i.grade, i.cultivated, i.photos.length])).toEqual(
      [
        [target, 'Needs work', 40, 1],
        [second, 'Good', 90, 0],
        [third, 'Acceptable', 70, 1],
        [fourth, 'Good', 95, 0],
      ],
    )

    // Send notices shows the notice to send, to whom and how, and the notice as its tenant will
    // read it, and sends nothing until it is confirmed.
    await again.getByRole('button', { name: inspectionMessages.sendNotices }).click()
    const preview = beforeSending(again)
    await poll(() => preview.textContent()).toContain(
      inspectionMessages.noticesToSend([{ plotId: target, stage: 'improvement' }]),
    )
    expect(await preview.textContent()).toContain(mailMessages.goesTo(1, 1, 0))
    const email = preview.getByRole('group', { name: mailMessages.sampleByEmail(tenantEmail) })
    expect(await email.textContent()).toContain(`Improvement notice for plot ${target}`)
    expect(await email.textContent()).toContain('Please put it right by 29 June 2026')
    expect(await email.textContent()).toContain(inspectionMessages.findingsWithEmail)
    await expectUsable(again)
    expect(await (await again.request.get('/api/inspection-notices')).json()).toEqual([])
    const subject = `Improvement notice for plot ${target}`
    expect(smtp.received.some((mail) => mail.subject === subject)).toBe(false)

    // Confirmed: the improvement notice reaches the tenant, with the plot and the deadline.
    await preview.getByRole('button', { name: inspectionMessages.confirmNotices(1) }).click()
    await poll(() => statusTexts(again)).toContainEqual(expect.stringMatching(/notice sent: /))
    const notice = await mailTo(`Improvement notice for plot ${target}`)
    expect(notice.text).toContain('Please put it right by 29 June 2026')
    expect(notice.attachments.map((file) => file.filename)).toEqual([
      inspectionMessages.findingsFile(target),
    ])
    await again.goto('/members/inspections')
    const notices = again.getByRole('table', { name: inspectionMessages.notices })
    await poll(() => notices.textContent()).toContain(inspectionMessages.letterStage.improvement)
    await expectUsable(again)
  })

  it('inspects again after the deadline, sends the final notice, then notice to quit, which frees the plot', async () => {
    // A day after the deadline: the plot is due for re-inspection, and still neglected.
    await site.restartOn('2026-06-30')
    const due = await walkerPage()
    await due.goto('/members/inspections')
    await poll(() =>
      due.getByText(inspectionMessages.reinspectBy(target, '2026-06-29')).isVisible(),
    ).toBe(true)
    await reinspect(due, '2026-06-30')
    const final = await mailTo(`Final notice for plot ${target}`)
    expect(final.text).toContain('put right by 28 July 2026')

    // After the final notice's deadline: notice to quit, a month's notice.
    await site.restartOn('2026-07-29')
    await reinspect(await walkerPage(), '2026-07-29')
    const quit = await mailTo(`Notice to quit plot ${target}`)
    expect(quit.text).toContain('ends on 29 August 2026')

    // The day after the tenancy's end: its job has freed the plot for the waiting list.
    await site.restartOn('2026-08-30')
    const page = await walkerPage()
    await poll(async () => {
      const plot = (await (await page.request.get(`/api/plots/${target}`)).json()) as Plot
      return plot.tenants.length
    }).toBe(0)
    await page.goto('/members/offers/new')
    await poll(() => headingOf(page)).toBe(offerMessages.makeOffer)
    const vacant = field(page, offerMessages.plot).locator('option')
    await poll(() => vacant.allTextContents()).toContain(target)

    // The plot's page tells the whole story, newest first, with the inspection's photo.
    await page.goto(`/members/plots/${target}`)
    const history = page.getByRole('region', { name: plotHistoryMessages.heading })
    await poll(() => history.textContent()).toContain(plotHistoryMessages.noticeEnded)
    const told = (await history.textContent()) ?? ''
    for (const stage of ['Improvement notice', 'Final notice', 'Notice to quit'])
      expect(told).toContain(`${stage} sent to`)
    expect(told.indexOf(plotHistoryMessages.noticeEnded)).toBeLessThan(told.indexOf('Final notice'))
    await poll(() => history.getByRole('img').count()).toBe(1)
    await expectUsable(page)
  })
})
