import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext, Page } from 'playwright-core'
import { offerMessages } from '#shared/messages/offers'
import {
  anonymousPage,
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  settled,
  signedInPage,
} from '#tests/helpers/browser'
import {
  field,
  firstAlert,
  headingOf,
  makePerson,
  makePlot,
  pathOf,
  PHONE,
  poll,
  statusTexts,
  useServerAndBrowser,
  useSmtpServer,
} from '#tests/helpers/e2e-fixtures'

// The committee offers a vacant plot from a phone: to the next in line, or, with a reason, to
// someone further down; records an answer given by phone; the administrator sets how offers work.
describe('offering plots on a phone', () => {
  const smtp = useSmtpServer()
  const suite = useServerAndBrowser(() => ({ env: { SMTP_URL: smtp.url, JOB_POLL_MS: '300' } }))
  let api: APIRequestContext

  beforeAll(async () => {
    api = await apiAs(suite.server, 'fixtures', 3)
    await makePlot(api, 'V1')
    await makePerson(api, 'ffion', { onWaitingList: true, joinedWaitingList: '2020-01-01' })
    await makePerson(api, 'gwen', { onWaitingList: true, joinedWaitingList: '2020-02-01' })
  })
  afterAll(async () => {
    await api?.dispose()
  })

  const expectUsable = async (page: Page) => {
    await settled(page)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
  }

  it('offers the plot to someone further down the list only with a reason, and records the answer', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'offerer',
      level: 3,
      viewport: PHONE,
    })
    await page.goto('/members/waitinglist')
    await page.getByRole('link', { name: offerMessages.offers, exact: true }).click()
    await poll(() => headingOf(page)).toBe(offerMessages.offers)
    await poll(() => page.getByText(offerMessages.noOpenOffers).isVisible()).toBe(true)
    await expect(page.getByText(offerMessages.noClosedOffers).isVisible()).resolves.toBe(true)
    await expectUsable(page)

    await page.getByRole('link', { name: offerMessages.makeOffer }).click()
    await poll(() => headingOf(page)).toBe(offerMessages.makeOffer)
    await poll(() => page.getByText(offerMessages.nextInLine('Ffion Grower', 1)).isVisible()).toBe(
      true,
    )
    expect(await field(page, offerMessages.plot).inputValue()).toBe('V1')
    expect(await field(page, offerMessages.person).inputValue()).toBe('ffion')
    await expectUsable(page)

    await field(page, offerMessages.person).selectOption('gwen')
    await page.getByRole('button', { name: offerMessages.sendOffer }).click()
    await poll(() => firstAlert(page)).toBe(offerMessages.reasonRequired)
    await field(page, offerMessages.reason).fill('Ffion asked for a plot nearer the gate.')
    await page.getByRole('button', { name: offerMessages.sendOffer }).click()
    await poll(() => pathOf(page)).toBe('/members/offers')
    await poll(() => statusTexts(page)).toContain(offerMessages.offerSent('V1', 'Gwen Grower'))
    const open = page.getByRole('region', { name: offerMessages.openOffers })
    await poll(() => open.getByRole('link', { name: 'Gwen Grower' }).isVisible()).toBe(true)
    await expectUsable(page)

    await open.getByRole('button', { name: offerMessages.recordDeclined }).click()
    await poll(() => open.getByText(offerMessages.noOpenOffers).isVisible()).toBe(true)
    const closed = page.getByRole('region', { name: offerMessages.closedOffers })
    await poll(() => closed.getByText(offerMessages.offerStatus.declined).isVisible()).toBe(true)
    await expectUsable(page)
    await page.context().close()
  })

  it('withdraws an offer with a reason, from the keyboard, and their history says so', async () => {
    await makePlot(api, 'W1')
    await makePerson(api, 'iolo', { onWaitingList: true, joinedWaitingList: '2019-01-01' })
    const offered = await api.post('/api/offers', { data: { plotId: 'W1', personId: 'iolo' } })
    expect(offered.status(), await offered.text()).toBe(201)
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'withdrawer',
      level: 3,
      viewport: PHONE,
    })
    await page.goto('/members/offers')
    const open = page.getByRole('region', { name: offerMessages.openOffers })
    const withdraw = open.getByRole('button', {
      name: `${offerMessages.withdraw} (W1, Iolo Grower)`,
    })
    await poll(() => withdraw.isVisible()).toBe(true)
    await withdraw.click()
    const form = page.getByRole('form', {
      name: offerMessages.withdrawHeading('W1', 'Iolo Grower'),
    })
    await poll(() => form.isVisible()).toBe(true)
    await expectUsable(page)

    await form.getByRole('button', { name: offerMessages.withdrawButton }).click()
    await poll(() => firstAlert(page)).toBe(offerMessages.withdrawReasonRequired)
    await field(page, offerMessages.withdrawReason).focus()
    await page.keyboard.type('The plot needs clearing first.')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await poll(() => statusTexts(page)).toContain(offerMessages.offerWithdrawn('W1'))
    const closed = page.getByRole('region', { name: offerMessages.closedOffers })
    await poll(() => closed.getByText(offerMessages.offerStatus.withdrawn).isVisible()).toBe(true)
    expect(await form.count()).toBe(0)
    await expectUsable(page)

    await page.goto('/members/waitinglist/iolo')
    await poll(() =>
      page
        .getByText(offerMessages.withdrawnReason('W1', 'The plot needs clearing first.'))
        .isVisible(),
    ).toBe(true)
    await page.context().close()
  })

  it("starts an offer from a vacant plot's page and from a waiting list member's page", async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'plotter',
      level: 3,
      viewport: PHONE,
    })
    await page.goto('/members/plots/V1')
    await page.getByRole('link', { name: offerMessages.offerThisPlot }).click()
    await poll(() => headingOf(page)).toBe(offerMessages.makeOffer)
    await poll(() => field(page, offerMessages.plot).inputValue()).toBe('V1')

    await page.goto('/members/waitinglist/gwen')
    await page.getByRole('link', { name: offerMessages.makeOffer }).click()
    await poll(() => field(page, offerMessages.person).inputValue()).toBe('gwen')
    await page.context().close()
  })

  it('lets the administrator set how offers work, and the application form shows the new privacy notice', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'letter',
      level: 4,
      viewport: PHONE,
    })
    await page.goto('/members/offers')
    await page.getByRole('link', { name: offerMessages.settingsHeading }).click()
    await poll(() => headingOf(page)).toBe(offerMessages.settingsHeading)
    await poll(() => field(page, offerMessages.offerDays).isVisible()).toBe(true)
    await expectUsable(page)

    await field(page, offerMessages.offerDays).fill('0')
    await page.getByRole('button', { name: offerMessages.saveSettings }).click()
    await poll(() => firstAlert(page)).toContain(offerMessages.offerDays)

    await field(page, offerMessages.offerDays).fill('21')
    await field(page, offerMessages.declinePolicy).selectOption({ label: offerMessages.goesToEnd })
    const askOn = page.getByRole('group', { name: offerMessages.stillWantDate })
    await askOn.getByLabel('Month').selectOption({ label: 'March' })
    await askOn.getByLabel('Day').selectOption('1')
    await field(page, offerMessages.privacyNoticeLabel).fill('We keep your details while you wait.')
    await page.getByRole('button', { name: offerMessages.saveSettings }).click()
    await poll(() => statusTexts(page)).toContain(offerMessages.settingsSaved)
    await expectUsable(page)

    const saved = await (await page.context().request.get('/api/letting/settings')).json()
    expect(saved).toMatchObject({ offerDays: 21, declineGoesToEnd: true, stillWantDate: '03-01' })
    await page.goto('/apply')
    await poll(() => page.getByText('We keep your details while you wait.').isVisible()).toBe(true)
    await page.context().close()
  })

  it("accepts the plot by the offer e-mail's link, which then cannot be used again", async () => {
    await makePlot(api, 'V2')
    await makePerson(api, 'hywel', { onWaitingList: true, email: 'hywel@example.org' })
    const offered = await api.post('/api/offers', {
      data: { plotId: 'V2', personId: 'hywel', reason: 'Hywel can start at once.' },
    })
    expect(offered.status(), await offered.text()).toBe(201)
    const subject = offerMessages.offerSubject('V2')
    await poll(() => smtp.received.some((mail) => mail.subject === subject)).toBe(true)
    const text = smtp.received.find((mail) => mail.subject === subject)!.text
    const found = /https?:\/\/\S*\/letting\/answer\?token=[^\s>]+/.exec(text)?.[0]
    expect(found, text).toBeTruthy()
    const link = `${suite.server.url}${new URL(found!).pathname}${new URL(found!).search}`

    const page = await anonymousPage(suite.browser, suite.server, PHONE)
    await page.goto(link)
    await poll(() => headingOf(page)).toBe(offerMessages.answerHeading)
    await poll(() =>
      page.getByRole('button', { name: offerMessages.acceptButton }).isVisible(),
    ).toBe(true)
    await expectUsable(page)
    await page.getByRole('button', { name: offerMessages.acceptButton }).click()
    await poll(() => statusTexts(page)).toContain(offerMessages.accepted('V2'))
    await expectUsable(page)

    const plot = await (await api.get('/api/plots/V2')).json()
    expect(plot.tenants).toEqual(['hywel'])
    await page.goto(link)
    await poll(() => firstAlert(page)).toBe(offerMessages.linkUnusable)
    await page.context().close()
  })

  it('says a link that is not one cannot be used', async () => {
    const page = await anonymousPage(suite.browser, suite.server, PHONE)
    await page.goto(`/letting/answer?token=${'x'.repeat(32)}`)
    await poll(() => headingOf(page)).toBe(offerMessages.answerHeading)
    await poll(() => firstAlert(page)).toBe(offerMessages.linkUnusable)
    await expectUsable(page)
    await page.context().close()
  })
})
