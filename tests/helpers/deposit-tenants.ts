import type { APIRequestContext } from 'playwright-core'
import { expect } from 'vitest'
import { personInput, plotInput, send, type Method } from '#tests/helpers/records'
import type { TestApp } from '#tests/helpers/test-app'

// The deposits' and the keys' tests, through the API and in a browser, start alike: tenants each
// holding a plot of their own, and a deposit kind the administrator adds. One fixture serves
// them all, through whichever way the test reaches the API.

/** A call to the API: the API tests' injected request, or a browser test's request context. */
export type CallApi = (
  method: Method,
  url: string,
  body?: object,
) => Promise<{ status: number; body: string }>

/** Calls through the test app, signed in with the cookie. */
export const injected =
  (t: TestApp, cookie: string): CallApi =>
  async (method, url, body) => {
    const response = await send(t, cookie, method, url, body)
    return { status: response.statusCode, body: response.body }
  }

/** Calls through a browser test's request context (signed in as it was made). */
export const requested =
  (api: APIRequestContext): CallApi =>
  async (method, url, body) => {
    const response = await api.fetch(url, { method, ...(body ? { data: body } : {}) })
    return { status: response.status(), body: await response.text() }
  }

async function expectAnswer<T>(call: CallApi, status: number, ...request: Parameters<CallApi>) {
  const answer = await call(...request)
  expect(answer.status, `${request[0]} ${request[1]}: ${answer.body}`).toBe(status)
  return JSON.parse(answer.body || 'null') as T
}

export interface Tenant {
  id: string
  firstName: string
  lastName: string
  /** The plot made for them, and its fields besides the defaults (a fee, a site). */
  plot: string
  plotFields?: Record<string, unknown>
}

/** Each person made (no e-mail address), a plot of their own made and let to them: the plots' ids by person. */
export async function tenantsWithPlots(
  call: CallApi,
  tenants: readonly Tenant[],
): Promise<Record<string, string>> {
  const plots: Record<string, string> = {}
  for (const { id, firstName, lastName, plot, plotFields } of tenants) {
    await expectAnswer(
      call,
      201,
      'POST',
      '/api/people',
      personInput(id, { firstName, lastName, email: '' }),
    )
    const made = await expectAnswer<{ id: string }>(
      call,
      201,
      'POST',
      '/api/plots',
      plotInput(plot, plotFields),
    )
    plots[id] = made.id
    await expectAnswer(call, 200, 'PUT', `/api/plots/${encodeURIComponent(made.id)}/tenants/${id}`)
  }
  return plots
}

/** A kind of deposit (a key's), as the administrator adds it: its id. */
export async function depositKind(call: CallApi, name: string, amount: number): Promise<number> {
  const kind = await expectAnswer<{ id: number }>(call, 201, 'POST', '/api/rent/deposit-kinds', {
    name,
    amount,
  })
  return kind.id
}
