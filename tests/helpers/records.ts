import { expect } from 'vitest'
import { blankPlot } from '#shared/domain/plots'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import type { Site, SiteFields } from '#shared/schemas/site'
import type { TestApp } from './test-app.ts'

// Fixtures the API tests share: request bodies, an injector, and views of the data and the log.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** The body of a person as the form sends it; overrides replace or add fields. */
export function personInput(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    title: '',
    firstName: 'Ada',
    lastName: 'Lovelace',
    dateJoined: '2020-01-01',
    joinedWaitingList: '2020-01-01',
    address: '1 Garden Row',
    phoneNumber: '01234 567890',
    email: 'ada@example.org',
    altEmail: '',
    contactBy: 'email',
    concession: false,
    notes: '',
    onWaitingList: false,
    ...overrides,
  }
}

/** The body of a plot as the form sends it (a blank plot's fields); overrides replace or add fields. */
export function plotInput(id: string, overrides: Record<string, unknown> = {}) {
  const { tenants: _tenants, occupied: _occupied, version: _version, ...fields } = blankPlot(id)
  return { ...fields, ...overrides }
}

/**
 * A calendar event's input (decision 63): for every site, by the gate, on 1 May 2027 from ten to
 * noon on London's clock, for members; overrides replace or add fields.
 */
export function eventInput(title: string, overrides: Record<string, unknown> = {}) {
  return {
    title,
    siteId: null,
    place: 'By the gate',
    startDate: '2027-05-01',
    startTime: '10:00',
    endDate: '2027-05-01',
    endTime: '12:00',
    description: '',
    visibility: 'members',
    helpersWanted: null,
    ...overrides,
  }
}

/** Injects a request into the test app, signed in with the cookie (none when undefined). */
export function send(
  t: TestApp,
  cookie: string | undefined,
  method: Method,
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    ...(cookie === undefined ? {} : { headers: { cookie } }),
    ...(payload ? { payload } : {}),
  })
}

/**
 * Sends a message as the screen does (issue 44): its preview first (200 expected), then the send
 * with the preview's confirmation. The send's answer.
 */
export async function sendMessage(t: TestApp, cookie: string, draft: object) {
  const plan = await send(t, cookie, 'POST', '/api/messages/plan', draft)
  expect(plan.statusCode, plan.body).toBe(200)
  const { confirmation } = plan.json<{ confirmation: string }>()
  return send(t, cookie, 'POST', '/api/messages', { ...draft, confirmation })
}

/** Creates a person through the API (201 expected) and returns the answer. */
export async function createPerson(
  t: TestApp,
  cookie: string,
  id: string,
  overrides: Record<string, unknown> = {},
): Promise<Person> {
  const response = await send(t, cookie, 'POST', '/api/people', personInput(id, overrides))
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

/** Creates a plot through the API (201 expected) and returns the answer. */
export async function createPlot(
  t: TestApp,
  cookie: string,
  id: string,
  overrides: Record<string, unknown> = {},
): Promise<Plot> {
  const response = await send(t, cookie, 'POST', '/api/plots', plotInput(id, overrides))
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

/** Adds a site as the administrator does (201 expected), with no address, description or facilities. */
export async function createSite(
  t: TestApp,
  adminCookie: string,
  name: string,
  overrides: Partial<SiteFields> = {},
): Promise<Site> {
  const body = { name, address: '', description: '', facilities: [], ...overrides }
  const response = await send(t, adminCookie, 'POST', '/api/sites', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

/** Everything a refused request could have touched, to prove it touched nothing. */
export async function snapshot(t: TestApp) {
  const db = t.db.kysely
  return {
    people: await db.selectFrom('people').selectAll().orderBy('id').execute(),
    plots: await db.selectFrom('plots').selectAll().orderBy('id').execute(),
    sites: await db.selectFrom('sites').selectAll().orderBy('id').execute(),
    tenancy: await db
      .selectFrom('tenancy')
      .selectAll()
      .orderBy('plotId')
      .orderBy('personId')
      .execute(),
    news: await db.selectFrom('news').selectAll().orderBy('id').execute(),
    invoices: await db.selectFrom('invoices').selectAll().orderBy('id').execute(),
    ledger: await db.selectFrom('ledger').selectAll().orderBy('id').execute(),
    calendarEvents: await db.selectFrom('calendar_events').selectAll().orderBy('id').execute(),
  }
}

/** The id of the newest log entry (0 when there is none), to mark where a test starts. */
export async function lastLogId(t: TestApp): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('logs')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
  return Number(row?.id ?? 0)
}

/** The log entries written after the mark, oldest first. */
export function logsAfter(t: TestApp, id: number) {
  return t.db.kysely.selectFrom('logs').selectAll().where('id', '>', id).orderBy('id').execute()
}

/** A request that must be refused, and how: status, detail and the service method that logs the
 * attempt (none when invalid input never reaches the service). */
export type Refusal = [
  method: Method,
  url: string,
  payload: object | undefined,
  status: number,
  detail: string,
  methodName?: string,
]

/**
 * Runs a request that must be refused and checks the answer, the data and the one log entry
 * (under the user and collection given). Returns the response and the new log entries for
 * further checks.
 */
export async function expectRefused(
  t: TestApp,
  cookie: string,
  log: { userName: string; eventCollection: string },
  ...[method, url, payload, status, detail, methodName]: Refusal
) {
  const before = await snapshot(t)
  const mark = await lastLogId(t)
  const response = await send(t, cookie, method, url, payload)
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json().detail).toBe(detail)
  expect(await snapshot(t)).toEqual(before)
  const logs = await logsAfter(t, mark)
  if (methodName) {
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({ methodName, ...log })
    expect(JSON.parse(logs[0]!.error)).toMatchObject({ status, message: detail })
  } else {
    // Invalid input never reaches the service, so there is no attempt to log.
    expect(logs).toHaveLength(0)
  }
  return { response, logs }
}

/** Checks that exactly one successful entry was logged after the mark; returns its value. */
export async function expectOneLog(
  t: TestApp,
  mark: number,
  entry: { methodName: string; userName: string; eventCollection: string; docId: string },
) {
  const logs = await logsAfter(t, mark)
  expect(logs).toHaveLength(1)
  expect(logs[0]).toMatchObject({ ...entry, error: 'null' })
  return JSON.parse(logs[0]!.value) as unknown
}

/** Links the account of that user name to the person, as the committee does (200 expected). */
const accountId = async (t: TestApp, userName: string) =>
  (
    await t.db.kysely
      .selectFrom('user')
      .select('id')
      .where('username', '=', userName)
      .executeTakeFirstOrThrow()
  ).id

export async function linkAccount(t: TestApp, cookie: string, userName: string, personId: string) {
  const linked = await send(
    t,
    cookie,
    'PUT',
    `/api/accounts/${await accountId(t, userName)}/person`,
    {
      personId,
    },
  )
  expect(linked.statusCode, linked.body).toBe(200)
}

/** Limits an account to the sites given (a site representative, decision 46). */
export async function limitAccount(t: TestApp, cookie: string, userName: string, sites: number[]) {
  const limited = await send(
    t,
    cookie,
    'PUT',
    `/api/accounts/${await accountId(t, userName)}/sites`,
    {
      sites,
    },
  )
  expect(limited.statusCode, limited.body).toBe(200)
}
