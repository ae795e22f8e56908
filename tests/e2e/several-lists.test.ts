import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { lettingMessages } from '#shared/messages/letting'
import { offerMessages } from '#shared/messages/offers'
import { waitingListMessages } from '#shared/messages/waiting-list'
import type { Plot } from '#shared/schemas/plot'
import type { Site } from '#shared/schemas/site'
import {
  anonymousPage,
  apiAs,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signedInPage,
} from '#tests/helpers/browser'
import {
  field,
  firstAlert,
  giveTenant,
  headingOf,
  makePerson,
  makePlot,
  PHONE,
  poll,
  useServerAndBrowser,
  useSmtpServer,
} from '#tests/helpers/e2e-fixtures'

// Issue 46's acceptance: two sites with a plot "1" each, a person holding a plot on both, and an
// applicant on three lists who accepts a plot on one and leaves the others (375 px, the setting
// "end") or stays on them (1280 px, "stay").
describe.each([
  ['375 px', PHONE, 'end'],
  ['1280 px', { width: 1280, height: 800 }, 'stay'],
] as const)('one applicant on three lists at %s', (_width, viewport, otherPlaces) => {
  const smtp = useSmtpServer()
  const suite = useServerAndBrowser(() => ({ env: { SMTP_URL: smtp.url } }))
  const email = 'nia@example.org'
  let sites: Site[] = []
  let reference = ''

  const siteNamed = (name: string) => sites.find((site) => site.name === name)!

  /** The link of an e-mail, on the test server. */
  const linkIn = (text: string, route: string) => {
    const found = new RegExp(`https?://\\S*${route}\\?token=[^\\s>]+`).exec(text)?.[0]
    expect(found, text).toBeTruthy()
    const url = new URL(found!)
    return `${suite.server.url}${url.pathname}${url.search}`
  }
  const mailWith = async (subject: string) => {
    await poll(() => smtp.received.some((mail) => mail.subject === subject), subject).toBe(true)
    return smtp.received.find((mail) => mail.subject === subject)!
  }
  const placeLines = (page: Page) => page.locator('.apply-places li').allTextContents()
  const checked = async (page: Page) => {
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
  }

  beforeAll(async () => {
    const api = await apiAs(suite.server, 'fixtures', 4)
    for (const name of ['Northfield', 'Southmead']) {
      const made = await api.post('/api/sites', {
        data: { name, address: '', description: '', facilities: [] },
      })
      expect(made.status(), await made.text()).toBe(201)
    }
    sites = (await (await api.get('/api/sites')).json()) as Site[]
    const northfield = siteNamed('Northfield').id
    await makePlot(api, '1')
    await makePlot(api, '1', { siteId: northfield })
    await makePlot(api, '2', { siteId: northfield })
    const northfieldOne = (
      (await (await api.get(`/api/plots?site=${northfield}`)).json()) as Plot[]
    ).find((plot) => plot.name === '1')!.id
    // Ann holds a plot "1" on each of two sites: one person, one record.
    await makePerson(api, 'ann', { firstName: 'Ann', lastName: 'Holder' })
    await giveTenant(api, '1', 'ann')
    await giveTenant(api, northfieldOne, 'ann')
    const settings = await (await api.get('/api/letting/settings')).json()
    const saved = await api.put('/api/letting/settings', {
      data: { ...settings, otherPlacesOnAccept: otherPlaces },
    })
    expect(saved.status(), await saved.text()).toBe(200)
    await api.dispose()
  })

  it('applies to three sites and finds a place on each list', async () => {
    const page = await anonymousPage(suite.browser, suite.server, viewport)
    await page.goto('/apply')
    await poll(() => headingOf(page)).toBe('Apply for a plot')
    await field(page, 'First name').fill('Nia')
    await field(page, 'Last name').fill('Sower')
    await field(page, 'E-mail Address').fill(email)
    await field(page, 'Phone number').fill('01234 567890')
    await field(page, 'Address').fill('1 Garden Row')
    for (const site of sites) await page.getByLabel(site.name, { exact: true }).check()
    await page.getByLabel(lettingMessages.consentLabel).check()
    await checked(page)
    await page.getByRole('button', { name: 'Apply' }).click()
    await poll(() => page.getByRole('status').first().textContent()).toBe(
      lettingMessages.applied(email),
    )

    await page.goto(linkIn((await mailWith(lettingMessages.confirmSubject)).text, '/apply/confirm'))
    await page.getByRole('button', { name: lettingMessages.confirmButton }).click()
    const lines = sites.map((site) => lettingMessages.positionAt(site.name, 1, 1))
    await poll(() => placeLines(page)).toEqual(lines)
    await checked(page)
    const referenceIn = () =>
      smtp.received
        .map((mail) => /Your reference is (\S+?)\./.exec(mail.text)?.[1])
        .find((found) => found !== undefined) ?? ''
    await poll(referenceIn).not.toBe('')
    reference = referenceIn()

    await page.goto('/apply/position')
    await field(page, 'Reference').fill(reference)
    await field(page, 'E-mail Address').fill(email)
    await page.getByRole('button', { name: 'Find my place' }).click()
    await poll(() => placeLines(page)).toEqual(lines)
    await checked(page)
  })

  it(`accepts a plot on one site, and the other places ${otherPlaces === 'end' ? 'end' : 'stay'}, as the e-mail says`, async () => {
    expect(reference).not.toBe('')
    const api = await apiAs(suite.server, 'fixtures', 4)
    const waiting = (await (await api.get('/api/people?status=waitinglist')).json()) as Array<{
      id: string
      email: string
    }>
    const nia = waiting.find((person) => person.email === email)!
    const offered = await api.post('/api/offers', {
      data: { plotId: '2', personId: nia.id, reason: '' },
    })
    expect(offered.status(), await offered.text()).toBe(201)
    await api.dispose()

    const page = await anonymousPage(suite.browser, suite.server, viewport)
    await page.goto(
      linkIn((await mailWith(offerMessages.offerSubject('2'))).text, '/letting/answer'),
    )
    await poll(() => headingOf(page)).toBe(offerMessages.answerHeading)
    await checked(page)
    await page.getByRole('button', { name: offerMessages.acceptButton }).click()
    await poll(() => page.getByRole('status').first().textContent()).toContain(
      offerMessages.accepted('2'),
    )

    const others = sites.filter((site) => site.name !== 'Northfield').map((site) => site.name)
    const told = (await mailWith(offerMessages.placesSubject)).text
    expect(told).toContain(
      otherPlaces === 'end' ? 'You have left the waiting lists' : 'You stay on',
    )
    for (const name of others) expect(told).toContain(name)

    await page.goto('/apply/position')
    await field(page, 'Reference').fill(reference)
    await field(page, 'E-mail Address').fill(email)
    await page.getByRole('button', { name: 'Find my place' }).click()
    if (otherPlaces === 'end') await poll(() => firstAlert(page)).toBe(lettingMessages.notFound)
    else
      await poll(() => placeLines(page)).toEqual(
        others.map((name) => lettingMessages.positionAt(name, 1, 1)),
      )
    await checked(page)
  })

  it('shows the committee one person holding plot 1 on two sites', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'secretary',
      level: 3,
      viewport,
    })
    await page.goto('/members/plotholders/ann')
    await poll(() => headingOf(page)).not.toBeNull()
    const first = sites.find((site) => site.id === 1)!.name
    await poll(() => page.locator('main').innerText()).toContain('1 (Northfield)')
    expect(await page.locator('main').innerText()).toContain(`1 (${first})`)
    await checked(page)
  })

  // The committee adds someone to one more site's list, then takes them off their first.
  it("joins someone to another site's list on their page, and takes them off one", async () => {
    const api = await apiAs(suite.server, 'fixtures', 4)
    await makePerson(api, 'wes', { firstName: 'Wes', lastName: 'Waiting', onWaitingList: true })
    await api.dispose()
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'secretary',
      level: 3,
      viewport,
    })
    await page.goto('/members/waitinglist/wes')
    const first = sites.find((site) => site.id === 1)!.name
    const lists = page.getByRole('list', { name: waitingListMessages.placesLabel })
    const lines = () => lists.locator('li').allTextContents()
    await poll(lines).toHaveLength(1)
    const joining = page.getByRole('form', { name: waitingListMessages.joinSiteListLabel })
    await joining.getByLabel(waitingListMessages.joinSiteListLabel).selectOption('Southmead')
    await joining.getByRole('button', { name: waitingListMessages.joinSiteListButton }).click()
    await poll(() => page.getByRole('status').allTextContents()).toContain(
      waitingListMessages.joinedSiteList('Southmead'),
    )
    await poll(lines).toHaveLength(2)
    await checked(page)
    await page.getByRole('button', { name: waitingListMessages.leaveSiteList(first) }).click()
    await poll(() => page.getByRole('status').allTextContents()).toContain(
      waitingListMessages.leftSiteList(first),
    )
    await poll(lines).toHaveLength(1)
    expect((await lines())[0]).toContain('Southmead')
    await checked(page)
  })
})
