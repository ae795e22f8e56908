import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { lettingMessages } from '#shared/messages/letting'
import { offerMessages } from '#shared/messages/offers'
import {
  anonymousPage,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
} from '#tests/helpers/browser'
import {
  field,
  firstAlert,
  headingOf,
  logIn,
  openSiteMap,
  PHONE,
  poll,
  RESTART_TIMEOUT,
  useDemoSite,
} from '#tests/helpers/e2e-fixtures'

// Letting a plot from application to tenancy on the demo site, in the browser, with a real SMTP
// server: three people apply and confirm from the e-mails' links, one looks up their place; the
// committee offers each a vacant plot; the first accepts through the e-mail's link and is the
// plot's tenant on the map; the second declines (the settings send them to the end of the list);
// the third lets the deadline pass, the server's calendar moved on by TODAY.

const APPLICANTS = [
  { first: 'Robin', last: 'Sower', email: 'robin@example.org', plot: '13' },
  { first: 'Sam', last: 'Seed', email: 'sam@example.org', plot: '42' },
  { first: 'Tess', last: 'Tiller', email: 'tess@example.org', plot: '51' },
] as const
const [robin, sam, tess] = APPLICANTS

describe('letting plots on the demo site', () => {
  const site = useDemoSite('letting', '2026-10-01')
  const { smtp } = site

  const references = new Map<string, string>()
  const mailTo = async (email: string, subject: string) => {
    const find = () => smtp.received.find((m) => m.to.includes(email) && m.subject === subject)
    await poll(() => Boolean(find()), `${subject} to ${email}`).toBe(true)
    return find()!
  }
  /** A link of an e-mail, on the server now running (it knows itself as http://localhost:PORT). */
  const linksIn = (text: string, route: string) =>
    [...text.matchAll(new RegExp(`https?://\\S*${route}\\?token=[^\\s>]+`, 'g'))].map((m) => {
      const url = new URL(m[0])
      return `${site.server.url}${url.pathname}${url.search}`
    })
  const committeePage = async () => {
    const page = await anonymousPage(site.browser, site.server, PHONE)
    await logIn(page, 'demo-committee', 'demo-password')
    await poll(() => new URL(page.url()).pathname).toBe('/members/plotholders')
    return page
  }
  const statusText = async (page: Page) =>
    (await page.getByRole('status').allTextContents()).join(' ')
  const personIdOf = async (page: Page, email: string, list = 'waitinglist') => {
    const people = (await (await page.request.get(`/api/people?status=${list}`)).json()) as Array<{
      id: string
      email: string
    }>
    return people.find((person) => person.email === email)!.id
  }
  const historyOf = async (page: Page, personId: string) => {
    await page.goto(`/members/waitinglist/${encodeURIComponent(personId)}`)
    const history = page.getByRole('region', { name: 'Place on the waiting list' })
    await poll(() => history.isVisible()).toBe(true)
    return history
  }
  const numberOf = (place: string) => Number(/number (\d+) of/.exec(place)![1])
  const placeOf = async (page: Page, applicant: (typeof APPLICANTS)[number]) => {
    await page.goto('/apply/position')
    await poll(() => headingOf(page)).toBe(lettingMessages.whereAmI)
    await field(page, 'Reference').fill(references.get(applicant.email)!)
    await field(page, 'E-mail Address').fill(applicant.email)
    await page.getByRole('button', { name: 'Find my place' }).click()
    await poll(() => page.getByRole('status').first().textContent()).toMatch(/^You are number/)
    return (await page.getByRole('status').first().textContent())!
  }

  it('three people apply, confirm from the e-mail, and the first finds their place', async () => {
    for (const applicant of APPLICANTS) {
      const page = await anonymousPage(site.browser, site.server, PHONE)
      await page.goto('/apply')
      await poll(() => headingOf(page)).toBe('Apply for a plot')
      await field(page, 'First name').fill(applicant.first)
      await field(page, 'Last name').fill(applicant.last)
      await field(page, 'E-mail Address').fill(applicant.email)
      await page.getByLabel(lettingMessages.consentLabel).check()
      await page.getByRole('button', { name: 'Apply' }).click()
      await poll(() => statusText(page)).toContain(lettingMessages.applied(applicant.email))
      const [confirm] = linksIn(
        (await mailTo(applicant.email, lettingMessages.confirmSubject)).text,
        '/apply/confirm',
      )
      await page.goto(confirm!)
      // The link confirms on the button, not on loading (a mail scanner opens links too).
      await page.getByRole('button', { name: lettingMessages.confirmButton }).click()
      await poll(() => statusText(page)).toMatch(/Your reference is \S+\./)
      references.set(
        applicant.email,
        /Your reference is (\S+?)\./.exec(await statusText(page))![1]!,
      )
    }
    // They joined on one day, after everyone else: in the order they are listed, together.
    const page = await anonymousPage(site.browser, site.server, PHONE)
    const [first, second, third] = [
      await placeOf(page, robin),
      await placeOf(page, sam),
      await placeOf(page, tess),
    ].map(numberOf)
    expect([second! - first!, third! - first!]).toEqual([1, 2])
    expect(await page.getByRole('status').first().textContent()).toMatch(
      /^You are number \d+ of \d+ on the waiting list\.$/,
    )
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
  })

  it('the administrator sends those who decline to the end of the list and gives 21 days to answer', async () => {
    const page = await anonymousPage(site.browser, site.server, PHONE)
    await logIn(page, 'demo-admin', 'demo-password')
    await poll(() => new URL(page.url()).pathname).not.toBe('/login')
    await page.goto('/members/offers/settings')
    await poll(() => headingOf(page)).toBe(offerMessages.settingsHeading)
    await field(page, offerMessages.offerDays).fill('21')
    await field(page, offerMessages.declinePolicy).selectOption({ label: offerMessages.goesToEnd })
    await page.getByRole('button', { name: offerMessages.saveSettings }).click()
    await poll(() => statusText(page)).toContain(offerMessages.settingsSaved)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
  })

  it('the committee offers each a vacant plot from its page, with a reason for passing over the list', async () => {
    const page = await committeePage()
    for (const applicant of APPLICANTS) {
      await page.goto(`/members/plots/${applicant.plot}`)
      await page.getByRole('link', { name: offerMessages.offerThisPlot }).click()
      await poll(() => headingOf(page)).toBe(offerMessages.makeOffer)
      expect(await field(page, offerMessages.plot).inputValue()).toBe(applicant.plot)
      const option = page.getByRole('option', {
        name: new RegExp(`\\d+\\. ${applicant.first} ${applicant.last}$`),
      })
      await field(page, offerMessages.person).selectOption({ label: (await option.textContent())! })
      await page.getByRole('button', { name: offerMessages.sendOffer }).click()
      await poll(() => firstAlert(page)).toBe(offerMessages.reasonRequired)
      await field(page, offerMessages.reason).fill('Applied online for a plot near the gate')
      await expectNoAxeViolations(page)
      await expectNoHorizontalScroll(page)
      await page.getByRole('button', { name: offerMessages.sendOffer }).click()
      await poll(() => statusText(page)).toContain(
        offerMessages.offerSent(applicant.plot, `${applicant.first} ${applicant.last}`),
      )
    }
    await poll(() => headingOf(page)).toBe(offerMessages.offers)
    const open = page.getByRole('table', { name: offerMessages.openOffers })
    for (const applicant of APPLICANTS)
      await poll(() => open.innerText()).toContain(`${applicant.first} ${applicant.last}`)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
  })

  it('the first accepts through the e-mail link and is the tenant of the plot on the map', async () => {
    const [accept] = linksIn(
      (await mailTo(robin.email, offerMessages.offerSubject(robin.plot))).text,
      '/letting/answer',
    )
    const page = await anonymousPage(site.browser, site.server, PHONE)
    await page.goto(accept!)
    await poll(() => headingOf(page)).toBe(offerMessages.answerHeading)
    await poll(() => page.getByText(/^You are accepting plot 13\./).count()).toBe(1)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    await page.getByRole('button', { name: offerMessages.acceptButton }).click()
    await poll(() => statusText(page)).toContain(offerMessages.accepted(robin.plot))

    const committee = await committeePage()
    const shape = (await openSiteMap(committee)).locator(`[data-plot-id="${robin.plot}"]`)
    await poll(() => shape.getAttribute('class')).not.toContain('plot--vacant')
    await shape.click()
    await poll(() => new URL(committee.url()).pathname).toBe(`/members/plots/${robin.plot}`)
    // The plot's page names its tenants, each with the nickname the spec's tenants list holds.
    const robinId = await personIdOf(committee, robin.email, 'plotholders')
    await poll(() =>
      committee.locator('.tenant-links').getByRole('link').allTextContents(),
    ).toEqual([expect.stringMatching(new RegExp(`\\(${robinId}\\)$`))])

    // The link works once.
    await page.goto(accept!)
    await poll(() => firstAlert(page)).toBe(offerMessages.linkUnusable)
  })

  it(
    'the second declines weeks later and goes to the end of the list, with the reason on their page',
    async () => {
      const before = await anonymousPage(site.browser, site.server, PHONE)
      expect(numberOf(await placeOf(before, sam))).toBeLessThan(
        numberOf(await placeOf(before, tess)),
      )
      await site.restartOn('2026-10-20')
      const [, decline] = linksIn(
        (await mailTo(sam.email, offerMessages.offerSubject(sam.plot))).text,
        '/letting/answer',
      )
      const page = await anonymousPage(site.browser, site.server, PHONE)
      await page.goto(decline!)
      await poll(() => page.getByText(/^You are declining plot 42\./).count()).toBe(1)
      await page.getByRole('button', { name: offerMessages.declineButton }).click()
      await poll(() => statusText(page)).toContain(offerMessages.declined)
      const total = Number(/of (\d+) on/.exec(await placeOf(page, sam))![1])
      expect(await placeOf(page, sam)).toBe(lettingMessages.position(total, total))

      const committee = await committeePage()
      const history = await historyOf(committee, await personIdOf(committee, sam.email))
      await poll(() => history.innerText()).toContain(offerMessages.declinedReason(sam.plot, true))
      expect(await history.innerText()).toContain(
        offerMessages.offeredReason(sam.plot, '2026-10-22'),
      )
      await expectNoAxeViolations(committee)
    },
    RESTART_TIMEOUT,
  )

  it(
    'the third lets the deadline pass: the job closes the offer, and the link no longer works',
    async () => {
      await site.restartOn('2026-10-24')
      const committee = await committeePage()
      await committee.goto('/members/offers')
      const closed = committee.getByRole('table', { name: offerMessages.closedOffers })
      await poll(async () => (await closed.isVisible()) && (await closed.innerText())).toContain(
        offerMessages.offerStatus.expired,
      )
      const history = await historyOf(committee, await personIdOf(committee, tess.email))
      await poll(() => history.innerText()).toContain(offerMessages.expiredReason(tess.plot, true))

      const [accept] = linksIn(
        (await mailTo(tess.email, offerMessages.offerSubject(tess.plot))).text,
        '/letting/answer',
      )
      const page = await anonymousPage(site.browser, site.server, PHONE)
      await page.goto(accept!)
      await poll(() => firstAlert(page)).toBe(offerMessages.linkUnusable)
      await expectNoAxeViolations(page)
    },
    RESTART_TIMEOUT,
  )

  it(
    'asks the list once a year: who does not answer lapses, and the committee restores them to their place',
    async () => {
      const admin = await anonymousPage(site.browser, site.server, PHONE)
      await logIn(admin, 'demo-admin', 'demo-password')
      await poll(() => new URL(admin.url()).pathname).not.toBe('/login')
      await admin.goto('/members/offers/settings')
      await poll(() => headingOf(admin)).toBe(offerMessages.settingsHeading)
      const askOn = admin.getByRole('group', { name: offerMessages.stillWantDate })
      await askOn.getByLabel('Month').selectOption({ label: 'October' })
      await askOn.getByLabel('Day').selectOption('25')
      await field(admin, offerMessages.stillWantDays).fill('3')
      await admin.getByRole('button', { name: offerMessages.saveSettings }).click()
      await poll(() => statusText(admin)).toContain(offerMessages.settingsSaved)

      await site.restartOn('2026-10-26')
      const [stay] = linksIn(
        (await mailTo(sam.email, offerMessages.stillWantSubject)).text,
        '/letting/answer',
      )
      await mailTo(tess.email, offerMessages.stillWantSubject)
      const page = await anonymousPage(site.browser, site.server, PHONE)
      await page.goto(stay!)
      await poll(() => headingOf(page)).toBe(offerMessages.stillWantHeading)
      await expectNoAxeViolations(page)
      await page.getByRole('button', { name: offerMessages.stillWantButton }).click()
      await poll(() => statusText(page)).toContain(offerMessages.stillWantDone)

      await site.restartOn('2026-10-31')
      const committee = await committeePage()
      await committee.goto('/members/offers')
      const lapsed = committee.getByRole('table', { name: offerMessages.lapsedHeading })
      await poll(async () => (await lapsed.isVisible()) && (await lapsed.innerText())).toContain(
        `${tess.first} ${tess.last}`,
      )
      expect(await lapsed.innerText()).not.toContain(`${sam.first} ${sam.last}`)
      await expectNoAxeViolations(committee)
      await expectNoHorizontalScroll(committee)
      await lapsed.getByRole('link', { name: `${tess.first} ${tess.last}` }).click()
      const history = committee.getByRole('region', { name: 'Place on the waiting list' })
      await poll(() => history.innerText()).toContain(offerMessages.lapsedReason('2026-10-29'))
      const visitor = await anonymousPage(site.browser, site.server, PHONE)
      expect(await placeOf(visitor, sam)).toMatch(/^You are number/)
      await committee.getByRole('button', { name: offerMessages.restore }).click()
      await poll(() => history.innerText()).toContain(offerMessages.restoredReason)
      await expectNoAxeViolations(committee)
      expect(await placeOf(visitor, tess)).toMatch(/^You are number/)
    },
    RESTART_TIMEOUT,
  )
})
