import fs from 'node:fs'
import { strFromU8, unzipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import type { APIRequestContext } from 'playwright-core'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { personalDataMessages } from '#shared/messages/personal-data'
import type { Person } from '#shared/schemas/person'
import { plotInput } from '#tests/helpers/records'
import type { YearPreview } from '#shared/schemas/rent'
import {
  anonymousPage,
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
  membersLinks,
  pathOf,
  PHONE,
  poll,
  seedDemo,
  statusTexts,
  useServerAndBrowser,
  useSmtpServer,
} from '#tests/helpers/e2e-fixtures'

// Issue 29's acceptance, on the demo site at 375 px with a real SMTP server: the committee invites
// a plot holder from their page; the member follows the e-mailed link, chooses a user name and
// password, lands signed in on My allotment, finds their plot marked on the map and their rent in
// pounds, and changes their phone number, which the committee then has, logged as the member's.
describe('my allotment', () => {
  let dataDir = ''
  beforeAll(() => {
    dataDir = seedDemo('my-allotment')
  })
  const smtp = useSmtpServer()
  const suite = useServerAndBrowser(() => ({ dataDir, env: { SMTP_URL: smtp.url } }))
  let committee: APIRequestContext
  let member: Person

  beforeAll(async () => {
    committee = await apiAs(suite.server, 'demo-committee', 3)
    const accounts = (await (await committee.get('/api/accounts')).json()) as Array<{
      personId: string | null
    }>
    const linked = new Set(accounts.map((account) => account.personId))
    const holders = (await (
      await committee.get('/api/people?status=plotholders')
    ).json()) as Person[]
    member = holders.find((p) => p.email && p.plots.length > 0 && !linked.has(p.id))!
    const startDate = new Date().toISOString().slice(0, 10)
    const preview = await committee.post('/api/rent/years/preview', { data: { startDate } })
    const { sending } = (await preview.json()) as YearPreview
    const started = await committee.post('/api/rent/years', {
      data: { startDate, confirmed: sending },
    })
    expect(started.status(), await started.text()).toBe(201)
  })

  it('lets the committee invite a plot holder, who joins and keeps their own details', async () => {
    const secretary = await signedInPage(suite.browser, suite.server, {
      userName: 'demo-committee',
      level: 3,
      viewport: PHONE,
    })
    await secretary.goto(`/members/plotholders/${encodeURIComponent(member.id)}`)
    const signingIn = secretary.getByRole('region', { name: 'Signing in' })
    await poll(() => signingIn.getByText(myAllotmentMessages.notInvited).isVisible()).toBe(true)
    await signingIn.getByRole('button', { name: 'Invite to sign in' }).click()
    await poll(() => statusTexts(secretary).then((texts) => texts.join(' '))).toContain(
      `An invitation is on its way to ${member.email}.`,
    )

    const invitation = () =>
      smtp.received.find(
        (m) => m.to.includes(member.email) && m.subject.startsWith('Your invitation'),
      )
    await poll(() => invitation() !== undefined).toBe(true)
    const link = /(http\S*\/join\?token=[\w-]+)/.exec(invitation()!.text)![1]!

    const page = await anonymousPage(suite.browser, suite.server, PHONE)
    await page.goto(link)
    await poll(() => headingOf(page)).toBe('Join')
    await settled(page)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    await field(page, 'User name').fill('new-member')
    await field(page, 'Password').fill('a-green-allotment-phrase')
    await field(page, 'Repeat password').fill('a-green-allotment-phrase')
    await page.getByRole('button', { name: 'Join' }).click()
    await poll(() => pathOf(page)).toBe('/members/me')
    await poll(() => headingOf(page)).toBe('My allotment')
    expect(await membersLinks(page)).toContain('My allotment')
    await page.keyboard.press('Escape')

    const plotId = member.plots[0]!
    const myPlot = page.getByRole('region', { name: 'My plot' })
    await poll(() => myPlot.getByText(`Plot ${plotId}`, { exact: true }).isVisible()).toBe(true)
    const marked = myPlot.locator('.plot--own')
    await poll(() => marked.count()).toBe(member.plots.length)
    expect(await marked.first().getAttribute('data-plot-id')).toBe(plotId)
    const invoice = page.getByRole('region', { name: 'My rent' }).getByRole('row').nth(1)
    await poll(() => invoice.isVisible()).toBe(true)
    expect(await invoice.textContent()).toMatch(/£\d+\.\d\d/)

    await field(page, 'Phone number').fill('07700 900456')
    await page.getByRole('button', { name: 'Save my details' }).click()
    await poll(() => statusTexts(page)).toContain(myAllotmentMessages.detailsSaved)
    expect(await field(page, 'Phone number').inputValue()).toBe('07700 900456')
    await settled(page)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    expect(await smallTapTargets(page)).toEqual([])

    // Everything kept about them, theirs to download.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: personalDataMessages.downloadMine }).click(),
    ])
    const zip = unzipSync(new Uint8Array(fs.readFileSync(await file.path())))
    expect(JSON.parse(strFromU8(zip['data.json']!)).person).toMatchObject({
      id: member.id,
      phoneNumber: '07700 900456',
    })

    // A new e-mail address waits for the link sent to it.
    await field(page, 'New e-mail address').fill('new-member@example.org')
    await page.getByRole('button', { name: 'Send me a link' }).click()
    await poll(() => statusTexts(page)).toContain(
      myAllotmentMessages.emailLinkSent('new-member@example.org'),
    )
    const confirmation = () =>
      smtp.received.find(
        (m) =>
          m.to.includes('new-member@example.org') &&
          m.subject === myAllotmentMessages.emailChangeSubject,
      )
    await poll(() => confirmation() !== undefined).toBe(true)
    await page.goto(/(http\S*\/confirm-email\?token=[\w-]+)/.exec(confirmation()!.text)![1]!)
    await page.getByRole('button', { name: 'Confirm my new address' }).click()
    await poll(() => statusTexts(page)).toContain(
      myAllotmentMessages.emailChanged('new-member@example.org'),
    )

    // The map marks the member's plot too, with the way back to My allotment. Opened at the
    // link's address: the session's cookie is that host's, and the test server has two names.
    await page.goto(new URL('/members/map', link).toString())
    await poll(() =>
      page.getByText(myAllotmentMessages.yourPlotMarked(member.plots)).isVisible(),
    ).toBe(true)
    expect(await page.locator('.plot--own').count()).toBe(member.plots.length)
    await page.getByRole('link', { name: 'My allotment', exact: true }).first().click()
    await poll(() => pathOf(page)).toBe('/members/me')

    await secretary.reload()
    await poll(() => field(secretary, 'Phone number').inputValue()).toBe('07700 900456')
    await poll(() => signingIn.getByText(/^Signs in as new-member/).isVisible()).toBe(true)
    // The committee sees what the member changed, as the member's own, newest first.
    const today = new Date().toISOString()
    expect(await signingIn.getByRole('listitem').allTextContents()).toEqual([
      myAllotmentMessages.changedByMember(today, 'new-member', ['email']),
      myAllotmentMessages.changedByMember(today, 'new-member', ['phoneNumber']),
    ])
  })

  it('lets a waiting-list member see their place and accept the plot offered to them', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'waiting-member',
      level: 1,
      viewport: PHONE,
    })
    const waiting = (await (
      await committee.get('/api/people?status=waitinglist')
    ).json()) as Person[]
    const next = waiting[0]!
    const accounts = (await (await committee.get('/api/accounts')).json()) as Array<{
      id: string
      userName: string
    }>
    const account = accounts.find((a) => a.userName === 'waiting-member')!
    const linked = await committee.put(`/api/accounts/${account.id}/person`, {
      data: { personId: next.id },
    })
    expect(linked.status(), await linked.text()).toBe(200)
    const plot = await committee.post('/api/plots', {
      data: { ...plotInput('NEW-1'), description: 'Beside the orchard' },
    })
    expect(plot.status(), await plot.text()).toBe(201)
    const offered = await committee.post('/api/offers', {
      data: { plotId: 'NEW-1', personId: next.id, reason: '' },
    })
    expect(offered.status(), await offered.text()).toBe(201)

    await page.goto('/members/me')
    const list = page.getByRole('region', { name: 'The waiting list' })
    await poll(() =>
      list.getByText(/^You are number 1 of \d+ on the waiting list\.$/).isVisible(),
    ).toBe(true)
    await poll(() => list.getByText(/^You are offered plot NEW-1\./).isVisible()).toBe(true)
    await settled(page)
    await expectNoAxeViolations(page)
    page.once('dialog', (dialog) => void dialog.accept())
    await list.getByRole('button', { name: 'Accept plot NEW-1' }).click()
    await poll(() =>
      page
        .getByRole('region', { name: 'My plot' })
        .getByText('Plot NEW-1', { exact: true })
        .isVisible(),
    ).toBe(true)
  })

  it('tells a member whose account is linked to no one to ask the committee', async () => {
    const page = await signedInPage(suite.browser, suite.server, {
      userName: 'unlinked-member',
      level: 1,
      viewport: PHONE,
    })
    await page.goto('/members/me')
    await poll(() => page.getByRole('alert').allTextContents()).toContain(
      myAllotmentMessages.notLinked,
    )
  })
})
