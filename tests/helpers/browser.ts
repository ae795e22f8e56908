import { expect } from 'vitest'
import {
  chromium,
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from 'playwright-core'
import { AxeBuilder } from '@axe-core/playwright'
import { claimAdministrator, PASSWORD } from './server-process.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts'
import type { HostedServer } from './hosted-server.ts'
import { riversideLayout } from '../../scripts/seed/riverside-layout.ts'

// The browser tests' server: a fresh app of the file's own in the worker's server host.
export { startHostedServer as startServer } from './hosted-server.ts'
export type TestServer = HostedServer
export { PASSWORD }

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] })
}

// One browser per test worker, launched on first use: a file's pages live in browser contexts of
// their own, which useServerAndBrowser closes when the file is done.
let workerBrowser: Promise<Browser> | undefined

export function sharedBrowser(): Promise<Browser> {
  workerBrowser ??= launchBrowser().then((browser) => {
    browser.once('disconnected', () => (workerBrowser = undefined))
    return browser
  })
  return workerBrowser
}

/** The session cookie of a new session of the account, made if new, as the browser keeps it. */
async function sessionOf(server: TestServer, userName: string, level: number) {
  const { name, value } = await server.signIn(userName, level)
  const cookie = { name, value, domain: new URL(server.url).hostname, path: '/' }
  return {
    cookies: [{ ...cookie, expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' as const }],
    origins: [],
  }
}

async function signedInRequest(server: TestServer, userName: string, password: string) {
  const context = await request.newContext({ baseURL: server.url })
  const response = await context.post('/api/auth/sign-in/username', {
    data: { username: userName, password },
  })
  if (!response.ok()) throw new Error(`sign-in as ${userName} failed: ${await response.text()}`)
  return context
}

// The printed administrator's one-time password is replaced once per server (data folder).
const adminPasswords = new WeakMap<TestServer, Promise<string>>()

/** The administrator's password, replacing the printed one-time password the first time. */
export function administratorPassword(server: TestServer): Promise<string> {
  let password = adminPasswords.get(server)
  if (!password) {
    password = claimAdministrator(server)
    adminPasswords.set(server, password)
  }
  return password
}

/** For a test that replaced the printed password itself, on the screens, before any helper did. */
export function administratorClaimed(server: TestServer, password: string) {
  if (adminPasswords.has(server)) throw new Error('the administrator was claimed already')
  adminPasswords.set(server, Promise.resolve(password))
}

const adminContexts = new WeakMap<TestServer, Promise<APIRequestContext>>()
function adminOf(server: TestServer) {
  let admin = adminContexts.get(server)
  if (!admin) {
    admin = administratorPassword(server).then((password) =>
      signedInRequest(server, 'admin', password),
    )
    adminContexts.set(server, admin)
  }
  return admin
}

/**
 * Makes the account at the level (with the tests' password) unless the user name has one. It is
 * written to the database, as registering and approving would leave it: the screens for those are
 * tested on their own, and this is quicker.
 */
export async function createAccount(server: TestServer, userName: string, level: number) {
  await server.account(userName, level)
}

// An account made the way a real one is: registered, then approved by the administrator, for a
// test that wants those in the log. The registration's answer has no id (it would tell whether
// the e-mail address had an account), so the administrator finds the account on their list, as on
// the accounts screen.
export async function registerAccount(server: TestServer, userName: string, level: number) {
  const anonymous = await request.newContext({ baseURL: server.url })
  const registered = await anonymous.post('/api/register', {
    data: { userName, level: 1, email: `${userName}@example.org`, password: PASSWORD },
  })
  const answer = await registered.text()
  await anonymous.dispose()
  if (registered.status() === 409) return
  if (!registered.ok()) throw new Error(`register ${userName}: ${answer}`)
  const admin = await adminOf(server)
  const listed = await admin.get('/api/accounts')
  if (!listed.ok()) throw new Error(`list accounts: ${await listed.text()}`)
  const accounts = (await listed.json()) as { id: string; userName: string }[]
  const account = accounts.find((row) => row.userName === userName)
  if (!account) throw new Error(`register ${userName}: not on the accounts list after ${answer}`)
  const approved = await admin.put(`/api/accounts/${encodeURIComponent(account.id)}/level`, {
    data: { level },
  })
  if (!approved.ok()) throw new Error(`approve ${userName}: ${await approved.text()}`)
}

/** A request context signed in at the level (made if new), for making data through the real API. */
export async function apiAs(server: TestServer, userName: string, level: number) {
  return request.newContext({
    baseURL: server.url,
    storageState: await sessionOf(server, userName, level),
  })
}

export interface PageOptions {
  userName: string
  level: number
  viewport?: { width: number; height: number }
}

/**
 * A page whose browser context is already signed in, by a new session of the account (made if
 * new) written to the database: no clicking through the login form, which sign-in.test.ts tests.
 */
// The browser of the volunteers the product is for: its date boxes read day, month, year.
const BRITISH = 'en-GB'

export async function signedInPage(
  browser: Browser,
  server: TestServer,
  options: PageOptions,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: BRITISH,
    ...(options.viewport ? { viewport: options.viewport } : {}),
    storageState: await sessionOf(server, options.userName, options.level),
  })
  return trackedPage(context)
}

export async function anonymousPage(
  browser: Browser,
  server: TestServer,
  viewport?: PageOptions['viewport'],
) {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: BRITISH,
    ...(viewport ? { viewport } : {}),
  })
  return trackedPage(context)
}

// The requests each test context has in flight, for settled().
const inFlight = new WeakMap<BrowserContext, Set<Request>>()

function trackedPage(context: BrowserContext) {
  const open = new Set<Request>()
  context.on('request', (sent) => open.add(sent))
  context.on('requestfinished', (done) => open.delete(done))
  context.on('requestfailed', (failed) => open.delete(failed))
  inFlight.set(context, open)
  return context.newPage()
}

const QUIET_MS = 100

/**
 * Waits until the page has had no request in flight for a tenth of a second: its screen's code
 * and data are in. Playwright's networkidle waits half a second of quiet after every load, which
 * over a sweep of sixty screens was half a minute of waiting.
 */
export async function settled(page: Page) {
  const open = inFlight.get(page.context())
  if (!open) throw new Error('settled() needs a page from signedInPage or anonymousPage')
  let quietSince = Date.now()
  await expect
    .poll(
      () => {
        if (open.size > 0) quietSince = Date.now()
        return Date.now() - quietSince >= QUIET_MS
      },
      { interval: 20 },
    )
    .toBe(true)
}

// Axe in one pass over the page, reporting violations only. The default (per-frame partial runs)
// opens a blank page to merge them and returns every passing check as well: two and a half
// times as long a screen, for the same violations on an app that has no frames.
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze()
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
  expect(summary).toEqual([])
}

/**
 * A screen a volunteer can use: settled, no axe violations, nothing wider than the viewport, and
 * on a phone every tap target 44 px (at a desk the header's links are a mouse's).
 */
export async function expectUsable(page: Page) {
  await settled(page)
  await expectNoAxeViolations(page)
  await expectNoHorizontalScroll(page)
  if (page.viewportSize()!.width <= PHONE_WIDTH) expect(await smallTapTargets(page)).toEqual([])
}

/** The widest screen counted a phone's. */
const PHONE_WIDTH = 480

/** True when nothing on the page is wider than the viewport (usable at 375 px). */
export async function expectNoHorizontalScroll(page: Page, where = page.url()) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, where).toBeLessThanOrEqual(0)
}

/**
 * Every control a finger can reach is at least 44 × 44 px (WCAG 2.5.5), or falls under the
 * inline or equivalent exceptions of WCAG 2.2 (a link inside a sentence; a drawing's shapes that
 * a list on the page also chooses, marked data-targets-elsewhere). A checkbox or radio button is measured
 * with its label, which takes the tap too. Gives "what (width × height)" for each one too small.
 */
export function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((least) => {
    const controls = document.querySelectorAll<HTMLElement | SVGElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [tabindex]:not([tabindex="-1"])',
    )
    const small: string[] = []
    for (const control of controls) {
      const box = control.getBoundingClientRect()
      const style = getComputedStyle(control)
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue
      // WCAG 2.2's equivalent exception: the same choice is a full-size control on the page.
      if (control.closest('[data-targets-elsewhere]')) continue
      // Hidden from everyone, a form's trap for scripts (the apply form's Website) is no target.
      if (control.closest('[aria-hidden="true"]') && control.tabIndex < 0) continue
      const label = control instanceof HTMLInputElement ? control.labels?.[0] : undefined
      const target = label ? label.getBoundingClientRect() : box
      const width = Math.max(target.width, box.width)
      const height = Math.max(target.height, box.height)
      if (width >= least && height >= least) continue
      const block = control.parentElement?.closest('p, li, td, dd, figcaption, .hint, small')
      const inSentence =
        style.display === 'inline' &&
        block !== null &&
        block !== undefined &&
        (block.textContent ?? '').trim().length > (control.textContent ?? '').trim().length
      if (inSentence) continue
      const name =
        control.getAttribute('aria-label') ?? (control.textContent ?? '').trim().slice(0, 40) ?? ''
      small.push(
        `${control.tagName.toLowerCase()} "${name || (control as HTMLInputElement).name || ''}" (${Math.round(width)} × ${Math.round(height)})`,
      )
    }
    return small
  }, 44)
}

/** Stores the demo site's drawing as the association's map, as the administrator would. */
export async function storeRiversideMap(server: TestServer) {
  const admin = await apiAs(server, 'map-maker', 4)
  const saved = await admin.put('/api/site-map', { data: { layout: riversideLayout, version: 0 } })
  if (!saved.ok()) throw new Error(`store the map: ${await saved.text()}`)
  await admin.dispose()
}
