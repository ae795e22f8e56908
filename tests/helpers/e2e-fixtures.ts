import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import type { APIRequestContext, Browser, Page } from 'playwright-core'
import { londonDate } from '#shared/domain/dates'
import { sharedBrowser, startServer, type TestServer } from './browser.ts'
import { personInput, plotInput } from './records.ts'
import { startSmtpServer } from './smtp.ts'
import type { StartOptions } from './server-process.ts'

// What the browser tests share: a server of the file's own (in the worker's server host), the
// worker's browser, and data made through the API.

export interface ServerAndBrowser {
  readonly server: TestServer
  readonly browser: Browser
}

/**
 * Starts a fresh server before the file's tests, and stops it after them, closing the pages the
 * file opened in the worker's browser. Call it at the top of a describe; hooks registered after it
 * run after the start and before the close. Options given as a function are read when the server
 * starts (after earlier beforeAll hooks).
 */
export function useServerAndBrowser(
  options: StartOptions | (() => StartOptions) = {},
): ServerAndBrowser {
  let server: TestServer | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    ;[server, browser] = await Promise.all([
      startServer(typeof options === 'function' ? options() : options),
      sharedBrowser(),
    ])
  })
  afterAll(async () => {
    // The worker runs one file at a time, so every context open now is this file's.
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? [])
    await server?.stop()
  })
  return {
    get server() {
      if (!server) throw new Error('the server is not running (beforeAll failed or has not run)')
      return server
    },
    get browser() {
      if (!browser) throw new Error('the browser is not running (beforeAll failed or has not run)')
      return browser
    },
  }
}

/** Today on London's clock, as the screens fill it, read when asked: a run may cross midnight. */
export const today = () => londonDate(new Date())

/** The address bar's path. */
export const pathOf = (page: Page) => new URL(page.url()).pathname

/** The text of the page's one h1. */
export const headingOf = (page: Page) => page.getByRole('heading', { level: 1 }).textContent()

/**
 * The time a test that restarts a server process may take: each start compiles the server
 * afresh, seconds alone and over a minute beside the API suite on two cores.
 */
export const RESTART_TIMEOUT = 180_000

// expect.poll with an optional message; the e2e project's config gives it a 10 s limit.
export const poll = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, message ? { message } : {})

/**
 * Waits until the page is at `path` and its app shows. Between the public site and the members
 * area the move is a whole-page load (decision 23): Chromium could hang closing a page while
 * that load was still under way (5 closes in 25 on a busy machine).
 */
export async function arrivedAt(page: Page, path: string) {
  await poll(() => pathOf(page), path).toBe(path)
  await page.locator('.public__footer, .members__strip').first().waitFor()
}

/**
 * Opens the plots page on the site map, whichever view the browser chose last, and returns the
 * map. It waits for the view button first: checking it before the page has drawn would leave a
 * slow page on the grid.
 */
export async function openSiteMap(page: Page) {
  await page.goto('/members/plots')
  const toggle = page.getByRole('button', { name: /^Switch to (map|grid)$/ })
  await poll(() => toggle.isVisible()).toBe(true)
  if ((await toggle.textContent()) === 'Switch to map') await toggle.click()
  const map = page.getByRole('group', { name: 'Plots on the site map' })
  await poll(() => map.isVisible()).toBe(true)
  return map
}

/**
 * Creates a person through the API: a plotholder called after the id, 'Grower', joined today,
 * without contact details; overrides replace or add fields.
 */
export async function makePerson(
  api: APIRequestContext,
  id: string,
  overrides: Record<string, unknown> = {},
) {
  const data = personInput(id, {
    ...{ firstName: id[0]!.toUpperCase() + id.slice(1), lastName: 'Grower' },
    ...{ dateJoined: today(), joinedWaitingList: today(), address: '', phoneNumber: '', email: '' },
    ...overrides,
  })
  const response = await api.post('/api/people', { data })
  expect(response.status(), await response.text()).toBe(201)
}

/** Creates a plot through the API: 100 m², flat, £45, unpaid; overrides replace or add fields. */
export async function makePlot(
  api: APIRequestContext,
  id: string,
  overrides: Record<string, unknown> = {},
) {
  const response = await api.post('/api/plots', { data: plotInput(id, overrides) })
  expect(response.status(), await response.text()).toBe(201)
}

/** Makes the person a tenant of the plot through the API. */
export async function giveTenant(api: APIRequestContext, plotId: string, personId: string) {
  const response = await api.put(`/api/plots/${plotId}/tenants/${personId}`)
  expect(response.status(), await response.text()).toBe(200)
}

/** Links the account of that user name to the person through the API, as the committee does. */
export async function linkAccountTo(api: APIRequestContext, userName: string, personId: string) {
  const accounts = (await (await api.get('/api/accounts')).json()) as Array<{
    id: string
    userName: string
  }>
  const account = accounts.find((a) => a.userName === userName)!
  const linked = await api.put(`/api/accounts/${account.id}/person`, { data: { personId } })
  expect(linked.status(), await linked.text()).toBe(200)
}

/**
 * Sends a message through the API as the screen does (issue 44): previewed, then sent with the
 * preview's confirmation (201 expected). The send's answer.
 */
export async function sendMessage(api: APIRequestContext, draft: object) {
  const plan = await api.post('/api/messages/plan', { data: draft })
  expect(plan.status(), await plan.text()).toBe(200)
  const { confirmation } = (await plan.json()) as { confirmation: string }
  const sent = await api.post('/api/messages', { data: { ...draft, confirmation } })
  expect(sent.status(), await sent.text()).toBe(201)
  return (await sent.json()) as { batchId: number }
}

/** Signs in through the login form, as a person does. */
export async function logIn(page: Page, userName: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('User name').fill(userName)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
}

/** Fills My account's password form and submits it; the page must be on /members/account. */
export async function changePasswordOnScreen(
  page: Page,
  current: string,
  next: string,
  repeat = next,
) {
  await page.getByLabel('Current password').fill(current)
  await page.getByLabel('New password', { exact: true }).fill(next)
  await page.getByLabel('Repeat new password').fill(repeat)
  await page.getByRole('button', { name: 'Change password' }).click()
}

/** The texts of the page's status messages (role=status; a spinner's 'Loading' among them). */
export const statusTexts = (page: Page) => page.getByRole('status').allTextContents()

/** The texts of the page's alerts (role=alert): errors and refusals. */
export const alertTexts = (page: Page) => page.getByRole('alert').allTextContents()

/** On a phone the members links and sign-out sit behind the Menu button: opens it when shown. */
export async function openMembersMenu(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' })
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true')
    await menu.click()
}

/** The links of the members area's navigation (opening the menu first on a phone). */
export async function membersLinks(page: Page) {
  await openMembersMenu(page)
  return page.getByRole('navigation', { name: 'Members' }).getByRole('link').allTextContents()
}

/** What localStorage keeps of the signed-in user under the spec's 'guest' key. */
export const storedGuest = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('guest') ?? 'null') as unknown)

// ---------- story helpers: what a person does on a screen, in their words ----------

/** A phone held upright (the narrowest screen we support). */
export const PHONE = { width: 375, height: 740 }

/** A treasurer's or a secretary's screen at a desk. */
export const LAPTOP = { width: 1280, height: 900 }

/** The labelled field with exactly this label. */
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })

/** The first alert's text: the refusal a form shows. */
export const firstAlert = (page: Page) => page.getByRole('alert').first().textContent()

/** Types into each labelled field, in order, as a person filling a form would. */
export async function fillForm(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value)
}

/** Opens a person from their list (plotholders or waitinglist) and waits for their page. */
export async function openPerson(page: Page, list: 'plotholders' | 'waitinglist', id: string) {
  await page.goto(`/members/${list}/${id}`)
  await expectPersonPage(page, list, id)
}

/** The person's page is showing: its address, and their read-only form filled in. */
export async function expectPersonPage(
  page: Page,
  list: 'plotholders' | 'waitinglist',
  id: string,
) {
  await poll(() => pathOf(page)).toBe(`/members/${list}/${id}`)
  await poll(() => field(page, 'Nickname').inputValue()).toBe(id)
}

/** A fresh data folder with the demo site seeded into it (SQLite), as `npm run demo` makes it. */
export function seedDemo(name: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `allotment-e2e-${name}-`))
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  })
  expect(seeded.status, seeded.stderr).toBe(0)
  return dataDir
}

/**
 * A real SMTP server for the file's tests. Call it before useServerAndBrowser, so that it starts
 * before the app's server (which is given its url) and closes after it.
 */
export function useSmtpServer() {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined
  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  afterAll(async () => {
    await smtp?.close()
  })
  return {
    get url() {
      return smtp!.url
    },
    get received() {
      return smtp!.received
    },
  }
}

/**
 * The demo site, seeded into a data folder of the file's own, served with a real SMTP server and
 * jobs looked at every 300 ms, its calendar (TODAY) on `firstDay`. `restartOn` starts it again on
 * the same data on another day, as a server started the next morning is; `server` is the one
 * running now. Call it at the top of a describe, as useServerAndBrowser.
 */
export function useDemoSite(name: string, firstDay: string) {
  const smtp = useSmtpServer()
  let dataDir = ''
  beforeAll(() => {
    dataDir = seedDemo(name)
  })
  // Noon, so that the day's jobs (due at 06:00) have fallen due whatever the hour the tests run at.
  const env = (today: string) => ({
    SMTP_URL: smtp.url,
    TODAY: `${today}T12:00`,
    JOB_POLL_MS: '300',
  })
  const suite = useServerAndBrowser(() => ({ dataDir, env: env(firstDay) }))
  let later: TestServer | undefined
  afterAll(async () => {
    await later?.stop()
  })
  return {
    smtp,
    get browser() {
      return suite.browser
    },
    get server(): TestServer {
      return later ?? suite.server
    },
    async restartOn(today: string) {
      await (later ?? suite.server).stop()
      later = await startServer({ dataDir, env: env(today) })
    },
  }
}
