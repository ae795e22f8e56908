import { expect } from 'vitest'
import { chromium, request, type APIRequestContext, type Browser, type Page } from 'playwright-core'
import { AxeBuilder } from '@axe-core/playwright'
import type { TestServer } from './server-process.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts'
import { PASSWORD } from './test-app.ts'

export { startServer, type TestServer } from './server-process.ts'
export { PASSWORD }

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] })
}

async function signedInRequest(server: TestServer, userName: string, password: string) {
  const context = await request.newContext({ baseURL: server.url })
  const response = await context.post('/api/auth/sign-in/username', {
    data: { username: userName, password },
  })
  if (!response.ok()) throw new Error(`sign-in as ${userName} failed: ${await response.text()}`)
  return context
}

const adminContexts = new WeakMap<TestServer, Promise<APIRequestContext>>()
function adminOf(server: TestServer) {
  let admin = adminContexts.get(server)
  if (!admin) {
    admin = signedInRequest(server, 'admin', server.adminPassword)
    adminContexts.set(server, admin)
  }
  return admin
}

// Accounts are made the way a real one is: registered, then approved by the administrator.
export async function createAccount(server: TestServer, userName: string, level: number) {
  const anonymous = await request.newContext({ baseURL: server.url })
  const registered = await anonymous.post('/api/register', {
    data: { userName, level: 1, email: `${userName}@example.org`, password: PASSWORD },
  })
  const answer = await registered.text()
  await anonymous.dispose()
  if (registered.status() === 409) return
  if (!registered.ok()) throw new Error(`register ${userName}: ${answer}`)
  const { id } = JSON.parse(answer) as { id: string }
  const admin = await adminOf(server)
  const approved = await admin.put(`/api/accounts/${id}/level`, { data: { level } })
  if (!approved.ok()) throw new Error(`approve ${userName}: ${await approved.text()}`)
}

/** A request context signed in at the level, for making data through the real API. */
export async function apiAs(server: TestServer, userName: string, level: number) {
  await createAccount(server, userName, level)
  return signedInRequest(server, userName, PASSWORD)
}

export interface PageOptions {
  userName: string
  level: number
  viewport?: { width: number; height: number }
}

/** A page whose browser context is already signed in (no clicking through the login form). */
export async function signedInPage(
  browser: Browser,
  server: TestServer,
  options: PageOptions,
): Promise<Page> {
  await createAccount(server, options.userName, options.level)
  const context = await browser.newContext({
    baseURL: server.url,
    ...(options.viewport ? { viewport: options.viewport } : {}),
  })
  const response = await context.request.post('/api/auth/sign-in/username', {
    data: { username: options.userName, password: PASSWORD },
  })
  if (!response.ok()) throw new Error(`sign-in failed: ${await response.text()}`)
  return context.newPage()
}

export async function anonymousPage(
  browser: Browser,
  server: TestServer,
  viewport?: PageOptions['viewport'],
) {
  const context = await browser.newContext({
    baseURL: server.url,
    ...(viewport ? { viewport } : {}),
  })
  return context.newPage()
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
  expect(summary).toEqual([])
}

/** True when nothing on the page is wider than the viewport (usable at 375 px). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}
