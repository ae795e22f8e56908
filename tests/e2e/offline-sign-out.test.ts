import { beforeAll, describe, expect, it } from 'vitest'
import { request, type Page } from 'playwright-core'
import { commonMessages } from '#shared/messages/common'
import { inspectionMessages } from '#shared/messages/inspections'
import { signOutMessages } from '#shared/messages/sign-out'
import {
  anonymousPage,
  apiAs,
  createAccount,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  PASSWORD,
  settled,
  signedInPage,
  smallTapTargets,
} from '#tests/helpers/browser'
import {
  field,
  headingOf,
  logIn,
  makePerson,
  makePlot,
  openMembersMenu,
  pathOf,
  PHONE,
  poll,
  useServerAndBrowser,
} from '#tests/helpers/e2e-fixtures'

// Issue 42 on a shared phone: signing out with no signal ends the session the moment the signal
// returns and shows nothing of the members area meanwhile (medium 2); the service worker keeps no
// member's own answers, and none of one session for the next (low 6); records not yet sent are
// never left on the phone by a sign-out (low 7); and an address no app knows is one page load
// showing 'Page not found', not a reload for ever (found beside 12).

describe('signing out of a shared phone, with and without signal', () => {
  const suite = useServerAndBrowser()
  let roundPath = ''

  beforeAll(async () => {
    const committee = await apiAs(suite.server, 'secretary', 3)
    for (const id of ['1', '2', '3']) await makePlot(committee, id)
    const round = await committee.post('/api/inspection-rounds', {
      data: { date: new Date().toISOString().slice(0, 10), walkers: '' },
    })
    expect(round.status(), await round.text()).toBe(201)
    roundPath = `/members/inspections/${((await round.json()) as { id: number }).id}`
    // A member of the committee who is also a plot holder, with answers of their own.
    await makePerson(committee, 'robin', { email: 'robin@example.org' })
    await createAccount(suite.server, 'robin-walker', 3)
    // Only a level above the account's may link it.
    const administrator = await apiAs(suite.server, 'administrator', 4)
    const accounts = (await (await administrator.get('/api/accounts')).json()) as {
      id: string
      userName: string
    }[]
    const account = accounts.find((row) => row.userName === 'robin-walker')!
    const linked = await administrator.put(`/api/accounts/${account.id}/person`, {
      data: { personId: 'robin' },
    })
    expect(linked.status(), await linked.text()).toBe(200)
    await Promise.all([committee.dispose(), administrator.dispose()])
  })

  const phone = (userName: string) =>
    signedInPage(suite.browser, suite.server, { userName, level: 3, viewport: PHONE })

  /** Opens the round, and waits for the service worker to keep it for a walk with no signal. */
  async function openRound(page: Page) {
    await page.goto(roundPath)
    await poll(() =>
      page.getByRole('button', { name: inspectionMessages.savePlot }).isVisible(),
    ).toBe(true)
    await poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
    await settled(page)
  }

  async function recordPlot(page: Page) {
    await page.getByLabel('Needs work', { exact: true }).check()
    await field(page, inspectionMessages.cultivated).fill('40')
    await field(page, inspectionMessages.notes).fill('Ring Sam Tenant on 07700 900123.')
    await page.getByRole('button', { name: inspectionMessages.savePlot }).click()
  }

  const chooseSignOut = async (page: Page) => {
    await openMembersMenu(page)
    await page.getByRole('button', { name: signOutMessages.signOut, exact: true }).click()
  }

  /** What GET /api/me answers to the session the page was signed in with, wherever it is sent. */
  async function sessionAnswer(cookie: string) {
    const elsewhere = await request.newContext({
      baseURL: suite.server.url,
      extraHTTPHeaders: { cookie },
    })
    const status = (await elsewhere.get('/api/me')).status()
    await elsewhere.dispose()
    return status
  }
  const sessionCookie = async (page: Page) =>
    (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ')

  // How many records wait in the phone's outbox (IndexedDB), read as the browser keeps them.
  const outboxSize = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const opened = indexedDB.open('allotment-inspections')
          opened.onerror = () => reject(opened.error)
          opened.onsuccess = () => {
            const db = opened.result
            if (!db.objectStoreNames.contains('outbox')) return resolve(0)
            const counting = db.transaction('outbox').objectStore('outbox').count()
            counting.onsuccess = () => {
              db.close()
              resolve(counting.result)
            }
          }
        }),
    )

  // The status of a request the page itself makes, through its service worker.
  const fetched = (page: Page, path: string) =>
    page.evaluate(async (address) => {
      try {
        return (await fetch(address, { headers: { accept: 'application/json' } })).status
      } catch {
        return 'no connection'
      }
    }, path)

  const expectUsable = async (page: Page) => {
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
    expect(await smallTapTargets(page)).toEqual([])
  }

  it('signs out with no signal: nothing of the members area until the signal returns, then the session is ended first', async () => {
    const page = await phone('walker')
    await openRound(page)
    const cookie = await sessionCookie(page)
    await page.context().setOffline(true)
    await chooseSignOut(page)
    await poll(() => headingOf(page)).toBe(signOutMessages.signingOut)
    await expect(page.getByText(signOutMessages.finishesOnline).isVisible()).resolves.toBe(true)
    await expectUsable(page)

    // Opened again with no signal, the phone still shows only that, and asks for nothing.
    const asked: string[] = []
    page.on('request', (sent) => asked.push(new URL(sent.url()).pathname))
    await page.reload()
    await poll(() => headingOf(page)).toBe(signOutMessages.signingOut)
    expect(await page.getByRole('navigation', { name: 'Members' }).count()).toBe(0)
    expect(await page.locator('.members__strip').count()).toBe(0)
    expect(await sessionAnswer(cookie)).toBe(200)

    // The signal returns: the session ends before anything else, and the public site opens.
    await page.context().setOffline(false)
    await poll(() => pathOf(page)).toBe('/')
    expect(await sessionAnswer(cookie)).toBe(401)
    const apiCalls = asked.filter((path) => path.startsWith('/api/'))
    expect(apiCalls[0]).toBe('/api/auth/sign-out')
  })

  it("keeps no member's own answers for use offline, and no session's answers for the next", async () => {
    const page = await phone('robin-walker')
    await openRound(page)
    const own = ['/api/me/details', '/api/me/rent', '/api/me/messages', '/api/me/offers']
    for (const path of own) expect(await fetched(page, path), path).toBe(200)
    await page.context().setOffline(true)
    for (const path of own) expect(await fetched(page, path), path).toBe('no connection')
    // What the offline screens need is still there.
    expect(await fetched(page, '/api/me')).toBe(200)
    expect(
      await fetched(page, roundPath.replace('/members/inspections', '/api/inspection-rounds')),
    ).toBe(200)
    await page.context().setOffline(false)

    // The session ends without a sign-out (it timed out), and someone else signs in on the phone:
    // they find none of the answers kept for the first.
    await page.context().clearCookies()
    await createAccount(suite.server, 'next-walker', 3)
    await logIn(page, 'next-walker', PASSWORD)
    await poll(() => pathOf(page)).toBe('/members')
    const kept = await page.evaluate(async () =>
      Promise.all(
        (await caches.keys()).map(async (name) =>
          (await (await caches.open(name)).keys()).map((entry) => new URL(entry.url).pathname),
        ),
      ).then((lists) => lists.flat()),
    )
    expect(kept.filter((path) => path.startsWith('/api/inspection-rounds'))).toEqual([])
  })

  it('asks what to do with records not yet sent, and leaves none on the phone when it signs out', async () => {
    const page = await phone('walker')
    await openRound(page)
    await page.context().setOffline(true)
    await recordPlot(page)
    await poll(() => page.getByText(inspectionMessages.waitingToSend(1)).isVisible()).toBe(true)

    await chooseSignOut(page)
    const dialog = page.getByRole('dialog')
    await poll(() => dialog.textContent()).toContain(signOutMessages.unsentRecords(1))
    expect(await dialog.textContent()).toContain(signOutMessages.sendNeedsSignal)
    const send = dialog.getByRole('button', { name: signOutMessages.sendThenSignOut })
    expect(await send.isDisabled()).toBe(true)
    await expectUsable(page)

    // Stay signed in: nothing is lost.
    await dialog.getByRole('button', { name: signOutMessages.staySignedIn }).click()
    await poll(() => dialog.isVisible()).toBe(false)
    expect(await outboxSize(page)).toBe(1)

    // Delete them: the phone is emptied of them before it signs out. The signal returns while the
    // phone is still trying with none: the sign-out is sent again at once, not a retry later.
    let triedWithNoSignal = false
    await page.context().route('**/api/auth/sign-out', async (route) => {
      if (triedWithNoSignal) return route.continue()
      triedWithNoSignal = true
      await page.context().setOffline(false)
      await route.abort('internetdisconnected')
    })
    await chooseSignOut(page)
    await dialog.getByRole('button', { name: signOutMessages.deleteAndSignOut }).click()
    await poll(() => pathOf(page)).toBe('/')
    expect(triedWithNoSignal).toBe(true)
    expect(await outboxSize(page)).toBe(0)
  })

  it('sends the records first when asked, then signs out', async () => {
    const page = await phone('walker')
    await openRound(page)
    const cookie = await sessionCookie(page)
    // The server cannot be reached for a moment: the record waits on the phone.
    await page.context().route('**/api/inspections', (route) => route.abort())
    await recordPlot(page)
    await poll(() => page.getByText(inspectionMessages.waitingToSend(1)).isVisible()).toBe(true)

    await chooseSignOut(page)
    const dialog = page.getByRole('dialog')
    await poll(() => dialog.textContent()).toContain(signOutMessages.unsentRecords(1))
    // Reached again only now: a record the screen behind sent by itself (as it tries again) goes
    // on to the sign-out with no question left, and the dialog went before it could be pressed.
    await page.context().unrouteAll()
    await dialog.getByRole('button', { name: signOutMessages.sendThenSignOut }).click()
    await poll(() => pathOf(page)).toBe('/')
    expect(await outboxSize(page)).toBe(0)
    expect(await sessionAnswer(cookie)).toBe(401)
    const secretary = await apiAs(suite.server, 'secretary', 3)
    const round = (await (
      await secretary.get(roundPath.replace('/members/inspections', '/api/inspection-rounds'))
    ).json()) as { inspections: { notes: string; inspectedBy: string }[] }
    expect(round.inspections.map((record) => record.inspectedBy)).toContain('walker')
    await secretary.dispose()
  })

  it('shows Page not found once for an address no app knows', async () => {
    /** Loads the address and counts the whole-page loads over three seconds. */
    async function loadsOf(page: Page, path: string) {
      let loads = 0
      page.on('request', (sent) => {
        if (sent.isNavigationRequest() && sent.frame() === page.mainFrame()) loads++
      })
      await page.goto(path)
      await page.waitForTimeout(3000)
      return loads
    }
    const member = await phone('walker')
    expect(await loadsOf(member, '/members/no-such-page')).toBe(1)
    expect(await headingOf(member)).toBe(commonMessages.pageNotFound)
    expect(await member.getByText(commonMessages.noPageHere).isVisible()).toBe(true)
    await expectUsable(member)
    // Spelt in capitals, the address is the public site's, which sends it nowhere else either.
    expect(await loadsOf(member, '/Members/no-such-page')).toBe(1)
    expect(await headingOf(member)).toBe(commonMessages.pageNotFound)

    const visitor = await anonymousPage(suite.browser, suite.server, PHONE)
    expect(await loadsOf(visitor, '/no-such-page')).toBe(1)
    expect(await headingOf(visitor)).toBe(commonMessages.pageNotFound)
    await expectUsable(visitor)
    // A members address, signed out: the members area sends the visitor home, once.
    expect(await loadsOf(visitor, '/members/no-such-page')).toBe(2)
    expect(pathOf(visitor)).toBe('/')
  })
})
