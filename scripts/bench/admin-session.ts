import { chromium, type BrowserContext } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/helpers/chromium.ts'
import { claimAdministrator, type TestServer } from '../../tests/helpers/server-process.ts'

// For benchmarks on a fresh data folder: the printed administrator, claimed as a person would,
// as a Cookie header; and a Chromium context signed in with it.

export async function administratorCookie(server: TestServer): Promise<string> {
  const password = await claimAdministrator(server)
  const response = await fetch(`${server.url}/api/auth/sign-in/username`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  })
  if (!response.ok) throw new Error(`sign-in failed: ${await response.text()}`)
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** Runs `work` in a browser context that carries the cookie; the browser is closed after. */
export async function withSignedInBrowser<T>(
  server: TestServer,
  cookie: string,
  work: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', ...CHROMIUM_FLAGS],
  })
  try {
    const context = await browser.newContext({ baseURL: server.url })
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=')
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url }
      }),
    )
    return await work(context)
  } finally {
    await browser.close()
  }
}
