import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { lettingMessages } from '#shared/messages/letting'
import { waitingListMessages } from '#shared/messages/waiting-list'
import {
  anonymousPage,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  settled,
  signedInPage,
} from '#tests/helpers/browser'
import {
  field,
  firstAlert,
  headingOf,
  pathOf,
  PHONE,
  poll,
  useServerAndBrowser,
  useSmtpServer,
} from '#tests/helpers/e2e-fixtures'

// A visitor applies for a plot from a phone: the confirmation e-mail reaches a real SMTP server,
// its link puts them on the waiting list, and their reference and address find their place.
describe('applying for a plot', () => {
  const smtp = useSmtpServer()
  const suite = useServerAndBrowser(() => ({ env: { SMTP_URL: smtp.url } }))

  const email = 'robin@example.org'
  let confirmLink = ''
  let reference = ''

  async function fillApplication(page: Page, address: string) {
    await field(page, 'First name').fill('Robin')
    await field(page, 'Last name').fill('Sower')
    await field(page, 'E-mail Address').fill(address)
    await field(page, 'Phone number').fill('01234 567890')
    await field(page, 'Address').fill('1 Garden Row\nRiverside')
    await field(page, 'A note for the committee').fill('A small plot would do.')
    await page.getByLabel(lettingMessages.consentLabel).check()
  }

  /** The link of the e-mail, on the test server (the server knows itself as http://localhost:PORT). */
  function linkIn(text: string) {
    const found = /https?:\/\/\S*\/apply\/confirm\?token=[^\s>]+/.exec(text)?.[0]
    expect(found, text).toBeTruthy()
    const url = new URL(found!)
    return `${suite.server.url}${url.pathname}${url.search}`
  }

  it('applies from the public menu and hears an e-mail with the link is on its way', async () => {
    const page = await anonymousPage(suite.browser, suite.server, PHONE)
    await page.goto('/')
    await page.getByRole('button', { name: 'Menu' }).click()
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Apply' })
      .click()
    await poll(() => headingOf(page)).toBe('Apply for a plot')
    expect(pathOf(page)).toBe('/apply')
    await poll(() => page.getByText(lettingMessages.applyIntro).count()).toBe(1)
    expect(await page.getByText(lettingMessages.privacyNotice).count()).toBe(1)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)

    // The honeypot is there for scripts, hidden from people, screen readers and the Tab key.
    const honeypot = page.locator('input[name="website"]')
    expect(await honeypot.getAttribute('tabindex')).toBe('-1')
    expect(await honeypot.getAttribute('autocomplete')).toBe('off')
    expect(await page.getByRole('textbox', { name: 'Website' }).count()).toBe(0)

    // Without consent the form says why, and sends nothing.
    await fillApplication(page, email)
    await page.getByLabel(lettingMessages.consentLabel).uncheck()
    await page.getByRole('button', { name: 'Apply' }).click()
    await poll(() => firstAlert(page)).toBe(lettingMessages.consentRequired)
    expect(smtp.received.length).toBe(0)

    await page.getByLabel(lettingMessages.consentLabel).check()
    await page.getByRole('button', { name: 'Apply' }).click()
    await poll(() => page.getByRole('status').first().textContent()).toBe(
      lettingMessages.applied(email),
    )
    expect(await page.getByRole('button', { name: 'Apply' }).count()).toBe(0)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)

    await poll(() => smtp.received.length).toBe(1)
    const mail = smtp.received[0]!
    expect(mail.to).toEqual([email])
    expect(mail.subject).toBe(lettingMessages.confirmSubject)
    confirmLink = linkIn(mail.text)
  })

  it('confirms through the link only when its button is pressed, shows the reference and the place, and mails them', async () => {
    expect(confirmLink).not.toBe('')
    const page = await anonymousPage(suite.browser, suite.server, PHONE)
    // Opening the link, as a mail scanner that runs scripts would, twice, confirms nothing: no
    // e-mail with the reference goes, and the token is still good for the press below.
    for (const load of [() => page.goto(confirmLink), () => page.reload()]) {
      await load()
      await poll(() => headingOf(page)).toBe('Your application')
      await settled(page)
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(smtp.received.map((mail) => mail.subject)).toEqual([lettingMessages.confirmSubject])
    expect(await page.getByRole('status').count()).toBe(0)
    expect(await page.getByText(lettingMessages.confirmIntro).count()).toBe(1)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)

    await page.getByRole('button', { name: lettingMessages.confirmButton }).click()
    const status = page.getByRole('status').filter({ hasText: lettingMessages.position(1, 1) })
    await poll(() => status.count()).toBe(1)
    const shown = (await status.locator('p').first().textContent()) ?? ''
    reference = /Your reference is (\S+?)\.$/.exec(shown)?.[1] ?? ''
    expect(reference, shown).not.toBe('')
    expect(shown).toContain(lettingMessages.confirmed(reference))
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)

    // The applicant's confirmation, and the committee's notice of them (issue 28).
    await poll(() => smtp.received.length).toBe(3)
    const [toApplicant, toCommittee] = [
      smtp.received.filter((mail) => mail.to.includes(email)).at(-1),
      smtp.received.find((mail) => !mail.to.includes(email)),
    ]
    expect(toApplicant?.subject).toBe(lettingMessages.confirmedSubject(reference))
    expect(toCommittee?.text).toContain(reference)

    // The page's link leads to the place finder.
    await page.getByRole('link', { name: lettingMessages.whereAmI }).click()
    await poll(() => pathOf(page)).toBe('/apply/position')
  })

  it('finds the place with the reference and the e-mail address, and not with a wrong pair', async () => {
    const page = await anonymousPage(suite.browser, suite.server, PHONE)
    await page.goto('/apply/position')
    await poll(() => headingOf(page)).toBe(lettingMessages.whereAmI)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)

    await field(page, 'Reference').fill(reference)
    await field(page, 'E-mail Address').fill(email)
    await page.getByRole('button', { name: 'Find my place' }).click()
    await poll(() => page.getByRole('status').first().textContent()).toBe(
      lettingMessages.position(1, 1),
    )
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)

    await field(page, 'E-mail Address').fill('someone.else@example.org')
    await page.getByRole('button', { name: 'Find my place' }).click()
    await poll(() => firstAlert(page)).toBe(lettingMessages.notFound)
    expect(await page.getByText(lettingMessages.position(1, 1)).count()).toBe(0)
  })

  it("answers a second application from the same address as any other, and tells the address's owner by e-mail", async () => {
    const before = smtp.received.length
    const page = await anonymousPage(suite.browser, suite.server, PHONE)
    await page.goto('/apply')
    await poll(() => headingOf(page)).toBe('Apply for a plot')
    await fillApplication(page, email)
    await page.getByRole('button', { name: 'Apply' }).click()
    await poll(() => page.getByRole('status').first().textContent()).toBe(
      lettingMessages.applied(email),
    )
    await expectNoAxeViolations(page)
    await poll(() => smtp.received.length).toBe(before + 1)
    const told = smtp.received.at(-1)!
    expect(told).toMatchObject({ to: [email], subject: lettingMessages.addressKnownSubject })
    expect(told.text).not.toContain('/apply/confirm')
  })

  it('refuses the confirmation link a second time, when its button is pressed', async () => {
    const page = await anonymousPage(suite.browser, suite.server, PHONE)
    await page.goto(confirmLink)
    await poll(() => headingOf(page)).toBe('Your application')
    await page.getByRole('button', { name: lettingMessages.confirmButton }).click()
    await poll(() => firstAlert(page)).toBe(lettingMessages.tokenUnusable)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
  })

  it("shows the committee how the applicant's place on the waiting list came about", async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'secretary',
      level: 3,
      viewport: PHONE,
    })
    const listed = await page.context().request.get('/api/people?status=waitinglist')
    const people = (await listed.json()) as Array<{ id: string; email: string }>
    const applicant = people.find((person) => person.email === email)
    expect(applicant, JSON.stringify(people)).toBeTruthy()
    await page.goto(`/members/waitinglist/${encodeURIComponent(applicant!.id)}`)
    const history = page.getByRole('region', { name: 'Place on the waiting list' })
    await poll(() => history.innerText()).toContain(waitingListMessages.waitingListEvent.joined)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
  })
})
