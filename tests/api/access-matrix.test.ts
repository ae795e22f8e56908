import { randomUUID } from 'node:crypto'
import { DEFAULT_LETTING_SETTINGS } from '#shared/domain/letting'
import { DEFAULT_RENT_SETTINGS } from '#shared/domain/rent'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LandDocumentDetail } from '#shared/schemas/land-documents'
import type { NewsPost } from '#shared/schemas/news'
import type { YearPreview } from '#shared/schemas/rent'
import type { SiteInfo } from '#shared/schemas/settings'
import { plotInput } from '#tests/helpers/records'
import { createTestApp, engines, PASSWORD, type TestApp } from '#tests/helpers/test-app'
import { FORWARDED_HEADERS, hostileRequests } from '#tests/helpers/hostile-headers'
import { multipartBody, samplePdf } from '#tests/helpers/pdf-upload'
import { samplePng } from '#tests/helpers/sample-image'
import { sampleDrawing, svgFile } from '#tests/helpers/sample-drawing'
import { csvBytes, csvFile } from '#tests/helpers/spreadsheets'
import type { SiteMap } from '#shared/schemas/site-map'
import { matrix, type MatrixEntry } from '#tests/helpers/access-matrix'

// The access rules of every API route, written down once (tests/access-matrix.json) and checked
// against the running server: the file cannot drift from the routes, and the routes cannot drift
// from the file.

const keyOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`
// Deletions last (tenancies before people), so that the other calls meet records that exist.
const deleteRank = (route: MatrixEntry) =>
  route.method !== 'DELETE' ? 0 : route.path.includes('tenants') ? 1 : 2
const callOrder = [...matrix].sort((a, b) => deleteRank(a) - deleteRank(b))

type Caller = 'anonymous' | 0 | 1 | 2 | 3 | 4
const CALLERS: Caller[] = ['anonymous', 0, 1, 2, 3, 4]
const tag = (caller: Caller) => (caller === 'anonymous' ? 'anon' : `l${caller}`)

// The fixture person's personal data: none of these strings may reach level 2.
const FIXTURE = {
  id: 'fixture',
  address: 'Flat 9, 12 Fixture Lane, Riverside',
  phoneNumber: '07700 900123',
  email: 'fixture.person@people.example',
  altEmail: 'fixture.alt@people.example',
}
const PERSONAL_KEYS = new Set(['address', 'phoneNumber', 'altEmail'])

function personBody(id: string, extra: Partial<typeof FIXTURE> = {}) {
  return {
    id,
    firstName: 'Pat',
    lastName: 'Matrix',
    dateJoined: '2020-01-01',
    joinedWaitingList: '2020-01-01',
    address: '',
    phoneNumber: '',
    email: '',
    altEmail: '',
    onWaitingList: false,
    ...extra,
  }
}

function plotBody(id: string) {
  return plotInput(id, { description: 'matrix plot', distance: 10, fee: 40 })
}

function newsBody(title: string) {
  return { title, date: '2024-04-01', body: 'Matrix news', published: true }
}

function eventBody(title: string) {
  return {
    title,
    siteId: null,
    place: 'The gate',
    startDate: '2026-10-24',
    startTime: '10:00',
    endDate: '2026-10-24',
    endTime: '12:00',
    description: '',
    visibility: 'members',
    helpersWanted: 8,
  }
}

const settingsBody = {
  name: 'Matrix Association',
  charityNumber: '1000001',
  registerUrl: 'https://register.example.org/',
  contactAddress: '',
  homeHeading: 'Welcome to Matrix',
  homeText: 'Matrix home',
  aboutText: 'Matrix about',
}

const withoutId = <T extends { id: string }>({ id: _id, ...rest }: T) => rest

describe.each(engines)('access matrix on %s', (engine) => {
  let t: TestApp
  let admin: string
  const cookies = new Map<Caller, string>()
  const targets = new Map<
    Caller,
    { account: string; document: number; news: number; template: number }
  >()
  const accountEmails = new Set<string>()
  let fixtureLogId = 0
  let logoUrl = ''
  let backgroundUrl = ''
  let fixtureDocument = 0
  const levelTwoAnswers: Array<{ route: string; body: string }> = []

  const inject = (
    method: string,
    url: string,
    cookie?: string,
    payload?: object | Buffer,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: method as 'GET',
      url,
      // Proxy headers an attacker controls ride on every call: they must change no answer.
      headers: { ...FORWARDED_HEADERS, ...headers, ...(cookie ? { cookie } : {}) },
      ...(payload !== undefined ? { payload } : {}),
    })

  async function asAdmin(method: string, url: string, payload?: object) {
    const response = await inject(method, url, admin, payload)
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300)
    return response
  }

  async function uploadDocument(name: string): Promise<number> {
    const form = await multipartBody(
      { date: '2021-03-04', description: 'Matrix', name },
      { bytes: samplePdf(name), name: `${name}.pdf` },
    )
    const response = await inject('POST', '/api/land-documents', admin, form.payload, form.headers)
    expect(response.statusCode, response.body).toBe(201)
    return response.json<LandDocumentDetail>().id
  }

  async function writeTemplate(name: string): Promise<number> {
    const response = await asAdmin('POST', '/api/message-templates', {
      name,
      subject: 'Hi',
      body: 'Hi',
    })
    return response.json<{ id: number }>().id
  }

  async function writeNews(title: string): Promise<number> {
    const response = await asAdmin('POST', '/api/news', newsBody(title))
    return response.json<NewsPost>().id
  }

  const accountId = async (userName: string) =>
    (
      await t.db.kysely
        .selectFrom('user')
        .select(['id', 'level', 'disabled'])
        .where('username', '=', userName)
        .executeTakeFirstOrThrow()
    ).id

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'matrix-admin')
    for (const level of [0, 1, 2, 3, 4] as const) {
      cookies.set(level, await t.signInAs(level))
      accountEmails.add(`level${level}@example.org`)
    }
    for (const name of ['matrix-admin', 'matrix-signin']) accountEmails.add(`${name}@example.org`)
    await t.createAccount('matrix-signin', 1)

    // A person with personal data, holding a plot (so plot answers name them), and a document.
    await asAdmin('POST', '/api/plots', plotBody('P1'))
    await asAdmin('POST', '/api/people', personBody(FIXTURE.id, FIXTURE))
    await asAdmin('PUT', `/api/plots/P1/tenants/${FIXTURE.id}`)
    fixtureDocument = await uploadDocument('Fixture lease')
    const log = await t.db.kysely
      .selectFrom('logs')
      .select('id')
      .where('methodName', '=', 'createPerson')
      .where('docId', '=', FIXTURE.id)
      .executeTakeFirstOrThrow()
    fixtureLogId = log.id
    // The logo is only ever read here; the photo is the one uploaded and removed.
    const logo = await multipartBody({}, { bytes: samplePng, name: 'logo.png' })
    await inject('PUT', '/api/settings/images/logo', admin, logo.payload, logo.headers)
    logoUrl = (await inject('GET', '/api/site')).json<SiteInfo>().images.logo!.url
    const drawing = await multipartBody({}, svgFile(sampleDrawing()))
    const imported = await inject(
      'POST',
      '/api/site-map/drawing',
      admin,
      drawing.payload,
      drawing.headers,
    )
    backgroundUrl = imported.json<SiteMap>().backgroundUrl!

    // Every caller aims at records of its own, so that what one caller deletes or changes never
    // decides another caller's answer, and refused calls can be shown to have changed nothing.
    for (const caller of CALLERS) {
      const id = tag(caller)
      await asAdmin('POST', '/api/people', personBody(`who-${id}`))
      await asAdmin('POST', '/api/plots', plotBody(`plot-${id}`))
      await t.createAccount(`target-${id}`, 0)
      targets.set(caller, {
        account: await accountId(`target-${id}`),
        document: await uploadDocument(`Document ${id}`),
        news: await writeNews(`News ${id}`),
        template: await writeTemplate(`Template of ${id}`),
      })
    }
  })
  afterAll(() => t.close())

  let spares = 0
  // A plausible request for each route, aimed at the caller's own records.
  async function requestFor(route: MatrixEntry, caller: Caller) {
    const id = tag(caller)
    const target = targets.get(caller)!
    const url = route.path
      .replace('/api/people/{id}', `/api/people/who-${id}`)
      .replace('/api/plots/{id}', `/api/plots/plot-${id}`)
      .replace('{personId}', `who-${id}`)
      .replace('/api/accounts/{id}', `/api/accounts/${target.account}`)
      .replace('/api/land-documents/{id}', `/api/land-documents/${target.document}`)
      .replace('/api/logs/{id}', `/api/logs/${fixtureLogId}`)
      .replace('/api/news/{id}', `/api/news/${target.news}`)
      .replace('/api/calendar/events/{id}', '/api/calendar/events/1')
      .replace('/api/work-hours/events/{id}', '/api/work-hours/events/1')
      .replace('{file}', `${'a'.repeat(43)}.ics`)
      .replace('/api/sites/{id}', '/api/sites/1')
      .replace('{siteId}', '1')
      .replace('/api/messages/{id}', '/api/messages/1')
      .replace('/api/message-templates/{id}', `/api/message-templates/${target.template}`)
      .replace('/api/rent/years/{id}', '/api/rent/years/1')
      .replace('/api/rent/invoices/{id}', '/api/rent/invoices/1')
      .replace('/api/rent/concession-kinds/{id}', '/api/rent/concession-kinds/1')
      .replace('/api/rent/concessions/{id}', '/api/rent/concessions/1')
      .replace('{lineId}', 'a'.repeat(64))
      .replace('/api/rent/bank-categories/{key}', '/api/rent/bank-categories/water')
      .replace('/api/rent/deposit-kinds/{id}', '/api/rent/deposit-kinds/1')
      .replace('/api/rent/deposits/{id}', '/api/rent/deposits/1')
      .replace('/api/keys/{id}', '/api/keys/1')
      .replace('/api/me/invoices/{id}', '/api/me/invoices/1')
      .replace('/api/me/offers/{id}', '/api/me/offers/1')
      .replace('/api/me/letters/{id}', '/api/me/letters/1')
      .replace('/api/offers/{id}', '/api/offers/1')
      .replace('/api/site/images/{id}', logoUrl)
      .replace('/api/site-map/backgrounds/{id}', backgroundUrl)
      .replace('{name}', 'homePhoto')
      .replace('/api/setup/steps/{id}', '/api/setup/steps/committee')
      .replace('/api/inspection-rounds/{id}', '/api/inspection-rounds/1')
      .replace('/api/inspection-notices/{id}', '/api/inspection-notices/1')
      .replace(
        '/api/inspection-photos/{id}',
        '/api/inspection-photos/6f1c2a3b-0000-4000-8000-0000000000f1',
      )
    expect(url, `no sample parameters for ${keyOf(route)}`).not.toContain('{')
    let cookie = cookies.get(caller)
    let headers: Record<string, string> = {}
    let payload: object | Buffer | undefined
    switch (keyOf(route)) {
      case 'POST /api/auth/sign-in/username':
        payload = { username: 'matrix-signin', password: 'correct-horse-battery' }
        break
      case 'POST /api/auth/sign-out':
      case 'POST /api/auth/revoke-sessions':
        // These end sessions: use a session of a spare account at the same level.
        if (caller !== 'anonymous') cookie = await t.signInAs(caller, `spare${caller}`)
        payload = {}
        break
      case 'POST /api/account/password':
        // Changes the password: a spare account's session, so the caller's own stays usable.
        if (caller !== 'anonymous') cookie = await t.signInAs(caller, `newpw${caller}-${++spares}`)
        payload = { currentPassword: PASSWORD, newPassword: `matrix-new-passphrase-${id}` }
        break
      case 'POST /api/account/sign-out-others':
        if (caller !== 'anonymous') cookie = await t.signInAs(caller, `others${caller}`)
        payload = {}
        break
      case 'POST /api/accounts/{id}/password':
        payload = {}
        break
      case 'POST /api/register':
        payload = {
          userName: `reg-${id}`,
          level: 1,
          email: `reg-${id}@example.org`,
          password: 'matrix-passphrase-unusual',
        }
        break
      case 'PUT /api/accounts/{id}/level':
        payload = { level: 0 }
        break
      case 'PUT /api/accounts/{id}/disabled':
        payload = { disabled: false }
        break
      case 'PUT /api/accounts/{id}/person':
        payload = { personId: null }
        break
      case 'POST /api/invitations':
        payload = { group: 'waitinglist' }
        break
      case 'POST /api/contact':
        payload = { name: 'Visitor', email: 'visitor@example.org', enquiry: 'Any plots free?' }
        break
      case 'POST /api/people':
        payload = personBody(`new-${id}`)
        break
      case 'PUT /api/people/{id}':
        payload = { ...withoutId(personBody('x')), version: 1 }
        delete (payload as { onWaitingList?: boolean }).onWaitingList
        break
      case 'POST /api/plots':
        payload = plotBody(`new-${id}`)
        break
      case 'PUT /api/plots/{id}':
        payload = { ...withoutId(plotBody('x')), version: 1 }
        break
      case 'POST /api/vitals':
        payload = [{ name: 'LCP', value: 1200, rating: 'good', route: '/' }]
        break
      case 'POST /api/land-documents': {
        const form = await multipartBody(
          { date: '2022-01-01', description: 'Upload', name: `Upload ${id}` },
          { bytes: samplePdf(), name: 'upload.pdf' },
        )
        payload = form.payload
        headers = form.headers
        break
      }
      case 'PUT /api/settings/images/{name}': {
        const form = await multipartBody(
          { description: `Photo ${id}` },
          { bytes: samplePng, name: 'photo.png' },
        )
        payload = form.payload
        headers = form.headers
        break
      }
      case 'POST /api/site-map/drawing': {
        const form = await multipartBody({}, svgFile(sampleDrawing({ plots: 2 })))
        payload = form.payload
        headers = form.headers
        break
      }
      case 'POST /api/import/check':
      case 'POST /api/import': {
        const form = await multipartBody(
          { kind: 'people' },
          csvFile(
            csvBytes([
              ['Nickname', 'First name', 'Last name'],
              [`imported-${id}`, 'Im', 'Ported'],
            ]),
          ),
        )
        payload = form.payload
        headers = form.headers
        break
      }
      case 'PUT /api/site-map':
        payload = {
          layout: { viewBox: { width: 10, height: 10 }, plots: [], features: [] },
          version: 0,
        }
        break
      case 'PUT /api/land-documents/{id}':
        payload = { name: `Renamed ${id}` }
        break
      case 'POST /api/news':
        payload = newsBody(`New ${id}`)
        break
      case 'PUT /api/news/{id}':
        payload = { ...newsBody(`Edited ${id}`), version: 1 }
        break
      case 'POST /api/calendar/events':
        payload = eventBody(`Work party ${id}`)
        break
      case 'PUT /api/calendar/events/{id}':
        payload = { ...eventBody(`Edited ${id}`), version: 1 }
        break
      case 'PUT /api/work-hours/settings':
        payload = { hoursOwed: 6, missingHourPence: 1000, beyondHourPence: 0, version: 0 }
        break
      case 'PUT /api/work-hours/settings/sites/{siteId}':
        payload = { hours: null, version: 0 }
        break
      case 'POST /api/work-hours/attendance':
        payload = {
          id: randomUUID(),
          eventId: 1,
          personId: `who-${id}`,
          hours: 1.5,
          recordedAt: '2026-10-24T12:00:00.000Z',
        }
        break
      case 'GET /api/calendar':
        return { url: `${url}?from=2026-10-01&to=2026-10-31`, cookie, headers, payload }
      case 'POST /api/message-templates':
        payload = { name: `Template ${id}`, subject: 'Hello', body: 'Hi {firstName}' }
        break
      case 'PUT /api/message-templates/{id}':
        payload = { name: `Edited ${id}`, subject: 'Hello', body: 'Hi', version: 1 }
        break
      case 'POST /api/messages/plan':
        payload = {
          audience: { kind: 'people', ids: [`who-${id}`] },
          subject: 'Hello',
          body: 'Hi {firstName}',
        }
        break
      case 'POST /api/messages': {
        // Sent as its preview showed it (issue 44), to the person every caller's run keeps.
        const draft = {
          audience: { kind: 'people', ids: [FIXTURE.id] },
          subject: 'Hello',
          body: 'Hi {firstName}',
        }
        const plan = await asAdmin('POST', '/api/messages/plan', draft)
        payload = { ...draft, confirmation: plan.json<{ confirmation: string }>().confirmation }
        break
      }
      case 'POST /api/inspection-rounds/{id}/notices':
        payload = { confirmation: 'not-a-preview' }
        break
      case 'PUT /api/settings':
        payload = { ...settingsBody, version: 1 }
        break
      case 'PUT /api/rent/settings':
        payload = { ...DEFAULT_RENT_SETTINGS, version: 0 }
        break
      case 'PUT /api/rent/settings/sites/{siteId}':
        payload = { rates: null, version: 0 }
        break
      case 'POST /api/rent/concession-kinds':
        payload = { name: `Kind ${id}`, percent: 10, fixedPence: null, appliesTo: 'rent' }
        break
      case 'PUT /api/rent/concession-kinds/{id}':
        payload = {
          name: 'Pensioner',
          percent: 25,
          fixedPence: null,
          appliesTo: 'rent',
          version: 1,
        }
        break
      case 'POST /api/people/{id}/concessions':
        payload = { kindId: 1, evidence: 'Pension letter', startsOn: '2026-10-01', endsOn: null }
        break
      case 'POST /api/rent/deposit-kinds':
        payload = { name: `Kind ${id}`, amount: 5500 }
        break
      case 'PUT /api/rent/deposit-kinds/{id}':
        payload = { name: 'Key', amount: 5500, version: 1 }
        break
      case 'POST /api/people/{id}/deposits':
        payload = { kindId: 1, plotId: '1', date: '2026-10-01', method: 'cash' }
        break
      case 'POST /api/keys':
        payload = { siteId: 1, number: `K-${id}`, kind: 'gate' }
        break
      case 'POST /api/keys/{id}/hand-over':
        payload = { version: 1, personId: `who-${id}`, date: '2026-10-01' }
        break
      case 'POST /api/keys/{id}/return':
      case 'POST /api/keys/{id}/lost':
        payload = { version: 2, date: '2026-10-01' }
        break
      case 'POST /api/rent/deposits/{id}/entries':
        payload = {
          kind: 'returned',
          date: '2026-10-01',
          amount: 100,
          method: 'cash',
          reason: 'Key back',
          version: 1,
        }
        break
      case 'PUT /api/rent/concessions/{id}/end':
        payload = { endsOn: '2027-09-30', version: 1 }
        break
      case 'POST /api/rent/years/preview':
        payload = { startDate: '2026-10-01' }
        break
      case 'POST /api/rent/years': {
        // The start needs what its preview says it sends, confirmed (issue 28).
        const preview = await asAdmin('POST', '/api/rent/years/preview', {
          startDate: '2026-10-01',
        })
        payload = { startDate: '2026-10-01', confirmed: preview.json<YearPreview>().sending }
        break
      }
      case 'POST /api/rent/invoices/{id}/payments':
        payload = {
          amount: 100,
          method: 'cash',
          date: '2026-10-02',
          reference: id,
          requestId: randomUUID(),
        }
        break
      case 'POST /api/rent/invoices/{id}/corrections':
        payload = {
          kind: 'writeoff',
          amount: 1,
          date: '2026-10-02',
          reference: id,
          requestId: randomUUID(),
        }
        break
      case 'POST /api/rent/statement/confirm':
        payload = {
          matches: [
            {
              invoiceId: 1,
              amount: 1,
              date: '2026-10-02',
              reference: id,
              line: 2,
              requestId: randomUUID(),
            },
          ],
        }
        break
      case 'POST /api/rent/statement':
      case 'POST /api/rent/bank-lines': {
        const form = await multipartBody(
          {},
          csvFile(
            csvBytes([
              ['Date', 'Reference', 'Amount'],
              ['2026-10-02', 'INV-1', '1.00'],
            ]),
          ),
        )
        payload = form.payload
        headers = form.headers
        break
      }
      case 'POST /api/apply':
        payload = {
          firstName: 'Matrix',
          lastName: id,
          email: `apply-${id}@example.org`,
          phoneNumber: '',
          address: '',
          note: '',
          consent: true,
        }
        break
      case 'POST /api/apply/confirm':
      case 'POST /api/letting/link':
      case 'POST /api/letting/link/use':
        payload = { token: 'x'.repeat(43) }
        break
      case 'PUT /api/letting/settings':
        payload = { ...DEFAULT_LETTING_SETTINGS, version: 0 }
        break
      case 'PUT /api/letting/settings/sites/{siteId}':
        payload = { offers: null, version: 0 }
        break
      case 'PUT /api/inspections/settings/sites/{siteId}':
        payload = { standards: null, version: 0 }
        break
      case 'POST /api/offers':
        payload = { plotId: `plot-${id}`, personId: 'fixture', reason: '' }
        break
      case 'POST /api/offers/{id}/answer':
        payload = { answer: 'decline' }
        break
      case 'POST /api/offers/{id}/withdraw':
        payload = { reason: 'Offered in error' }
        break
      case 'POST /api/apply/position':
        payload = { reference: 'ABCDEFGH', email: `apply-${id}@example.org` }
        break
      case 'GET /api/rent/payments.csv':
      case 'GET /api/rent/bank-lines':
      case 'GET /api/rent/accounts':
      case 'GET /api/rent/accounts.csv':
      case 'GET /api/rent/accounts.pdf':
        return { url: `${url}?from=2026-10-01&to=2026-10-31`, cookie, headers, payload }
      case 'GET /api/rent/bank-lines.csv':
        return { url: `${url}?from=2026-10-01&to=2026-10-31&format=xero`, cookie, headers, payload }
      case 'PUT /api/rent/bank-lines/{lineId}/category':
        payload = { categoryKey: 'water' }
        break
      case 'POST /api/rent/bank-categories':
        payload = { name: `Matrix ${id}`, kind: 'income' }
        break
      case 'PUT /api/rent/bank-categories/{key}':
        payload = { name: 'Water', retired: false }
        break
      case 'PUT /api/rent/accounts/opening':
        payload = { from: '2026-10-01', balance: 100 }
        break
      case 'PUT /api/setup/steps/{id}':
        payload = { skipped: true }
        break
      case 'GET /api/people':
        return { url: `${url}?status=plotholders`, cookie, headers, payload }
      case 'GET /api/people-merge':
        return { url: `${url}?kept=who-${id}&merged=${FIXTURE.id}`, cookie, headers, payload }
    }
    return { url, cookie, headers, payload }
  }

  it('lists every route of /api/openapi.json, and no route that is gone', async () => {
    const response = await inject('GET', '/api/openapi.json')
    expect(response.statusCode).toBe(200)
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths
    const served = Object.entries(paths).flatMap(([p, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${p}`),
    )
    const listed = matrix.map(keyOf)
    expect(new Set(listed).size, 'a route is listed twice').toBe(listed.length)
    expect(
      served.filter((route) => !listed.includes(route)),
      'routes missing from tests/access-matrix.json',
    ).toEqual([])
    expect(
      listed.filter((route) => !served.includes(route)),
      'routes in tests/access-matrix.json the server no longer has',
    ).toEqual([])
    // Personal data is for the committee and up, whatever else the file says; a member's own
    // (/api/me/…) only ever for the person their account is (my-allotment.test.ts tries others').
    for (const route of matrix.filter((r) => r.personalData && !r.path.startsWith('/api/me/'))) {
      expect(route.minLevel, keyOf(route)).toBeGreaterThanOrEqual(3)
    }
  })

  // Every route at every level: minutes on a busy machine beside the browser tests.
  it(
    'answers 401, 403 or lets the call through exactly as the matrix says',
    { timeout: 180_000 },
    async () => {
      const wrong: string[] = []
      let cells = 0
      for (const caller of CALLERS) {
        for (const route of callOrder) {
          const request = await requestFor(route, caller)
          const response = await inject(
            route.method,
            request.url,
            request.cookie,
            request.payload,
            request.headers,
          )
          cells++
          const status = response.statusCode
          const allowed =
            caller === 'anonymous'
              ? route.minLevel === 0 && !route.needsSession
              : caller >= route.minLevel
          const cell = `${keyOf(route)} as ${caller}: ${status} ${response.body.slice(0, 120)}`
          if (allowed) {
            if (status === 401 || status === 403 || status >= 500)
              wrong.push(`expected through, ${cell}`)
          } else {
            const expected = caller === 'anonymous' ? 401 : 403
            if (status !== expected) wrong.push(`expected ${expected}, ${cell}`)
            else if (
              !String(response.headers['content-type']).startsWith('application/problem+json')
            )
              wrong.push(`refusal is not problem details, ${cell}`)
          }
          if (caller === 2 && allowed)
            levelTwoAnswers.push({ route: keyOf(route), body: response.body })
        }
      }
      expect(wrong).toEqual([])
      expect(cells).toBe(matrix.length * CALLERS.length)
      console.info(`access matrix on ${engine}: ${matrix.length} routes, ${cells} cells checked`)

      // Calls refused by the level check reached no service: their callers' records are as made.
      for (const caller of ['anonymous', 0, 1, 2] as const) {
        const id = tag(caller)
        const person = await t.db.kysely
          .selectFrom('people')
          .select('version')
          .where('id', '=', `who-${id}`)
          .executeTakeFirst()
        expect(person?.version, `who-${id}`).toBe(1)
        const plot = await t.db.kysely
          .selectFrom('plots')
          .select('version')
          .where('id', '=', `plot-${id}`)
          .executeTakeFirst()
        expect(plot?.version, `plot-${id}`).toBe(1)
        const document = await t.db.kysely
          .selectFrom('land_documents')
          .select('name')
          .where('id', '=', targets.get(caller)!.document)
          .executeTakeFirst()
        expect(document?.name).toBe(`Document ${id}`)
        const news = await t.db.kysely
          .selectFrom('news')
          .select(['title', 'version'])
          .where('id', '=', targets.get(caller)!.news)
          .executeTakeFirst()
        expect(news).toEqual({ title: `News ${id}`, version: 1 })
        const created = await t.db.kysely
          .selectFrom('people')
          .select('id')
          .where('id', '=', `new-${id}`)
          .executeTakeFirst()
        expect(created).toBeUndefined()
      }
    },
  )

  it(
    'refuses every route with a forged Host and Origin, for every caller, and changes nothing',
    { timeout: 180_000 },
    async () => {
      const wrong: string[] = []
      const usersBefore = await t.db.kysely.selectFrom('user').selectAll().execute()
      for (const caller of CALLERS) {
        for (const [index, route] of callOrder.entries()) {
          const request = await requestFor(route, caller)
          const forged = hostileRequests[index % hostileRequests.length]!
          const response = await inject(
            route.method,
            request.url,
            request.cookie,
            request.payload,
            {
              ...request.headers,
              ...forged,
            },
          )
          if (response.statusCode !== 400)
            wrong.push(
              `${keyOf(route)} as ${caller} with Host ${forged.host}: ${response.statusCode}`,
            )
        }
      }
      expect(wrong).toEqual([])
      // Only the spare accounts requestFor signs in with are new; every account before is as it was.
      const usersAfter = await t.db.kysely.selectFrom('user').selectAll().execute()
      const known = new Set(usersBefore.map((u) => u.id))
      expect(usersAfter.filter((u) => known.has(u.id))).toEqual(usersBefore)
      const added = usersAfter.filter((u) => !known.has(u.id)).map((u) => u.username ?? '')
      expect(added.filter((name) => !/^(newpw|others|spare)\d/.test(name))).toEqual([])
    },
  )

  it('sends level 2 no address, phone number or e-mail address of anyone', () => {
    // Filled by the matrix run above: every route level 2 may call, answered with real data.
    expect(levelTwoAnswers.length).toBe(matrix.filter((r) => r.minLevel <= 2).length)
    expect(levelTwoAnswers.some((a) => a.body.includes(FIXTURE.id))).toBe(true)
    for (const { route, body } of levelTwoAnswers) {
      for (const value of [FIXTURE.address, FIXTURE.phoneNumber, FIXTURE.email, FIXTURE.altEmail]) {
        expect(body, route).not.toContain(value)
      }
      let parsed: unknown
      try {
        parsed = JSON.parse(body)
      } catch {
        continue // the PDF itself
      }
      // A site's address (issue 46) is the organisation's, told to the public: no one's own.
      if (route === 'GET /api/sites' || route === 'GET /api/sites/public') continue
      // The caller's own account e-mail (/api/me, the session) is theirs to see; nobody else's.
      walk(parsed, (key, value) => {
        expect(PERSONAL_KEYS.has(key), `${route} has ${key}`).toBe(false)
        if (key === 'email') expect(accountEmails, `${route} email ${value}`).toContain(value)
      })
    }
  })

  it('does not let the id of an existing record reach data above the caller level', async () => {
    const level = (n: number) => cookies.get(n as Caller)!
    const reach = [
      ['GET', `/api/people/${FIXTURE.id}`, level(2), 403],
      ['PUT', `/api/plots/P1/tenants/${FIXTURE.id}`, level(2), 403],
      ['POST', `/api/people/${FIXTURE.id}/move-to-waiting-list`, level(2), 403],
      ['GET', '/api/plots/P1', level(1), 403],
      ['GET', `/api/land-documents/${fixtureDocument}/file`, level(1), 403],
      ['GET', `/api/land-documents/${fixtureDocument}/file`, undefined, 401],
      ['GET', `/api/logs/${fixtureLogId}`, level(3), 403],
      ['GET', `/api/people/${FIXTURE.id}`, undefined, 401],
    ] as const
    for (const [method, url, cookie, status] of reach) {
      const response = await inject(method, url, cookie)
      expect(response.statusCode, `${method} ${url}`).toBe(status)
      expect(response.body).not.toContain(FIXTURE.address)
      expect(response.body).not.toContain('%PDF')
      expect(response.body).not.toContain('createPerson')
    }
    expect((await inject('GET', '/api/plots/P1', level(2))).json().tenants).toEqual([FIXTURE.id])

    // Committee cannot reach the administrator's account, nor grant more than it holds.
    const adminId = await accountId('matrix-admin')
    const guestId = await accountId('level0')
    const attempts = [
      [`/api/accounts/${adminId}/level`, { level: 0 }],
      [`/api/accounts/${adminId}/disabled`, { disabled: true }],
      [`/api/accounts/${guestId}/level`, { level: 4 }],
    ] as const
    for (const [url, body] of attempts) {
      expect((await inject('PUT', url, level(3), body)).statusCode, url).toBe(403)
    }
    const rows = await t.db.kysely
      .selectFrom('user')
      .select(['username', 'level', 'disabled'])
      .where('id', 'in', [adminId, guestId])
      .orderBy('username')
      .execute()
    expect(rows.map((r) => [r.username, r.level, Boolean(r.disabled)])).toEqual([
      ['level0', 0, false],
      ['matrix-admin', 4, false],
    ])
  })

  it('never lets anyone raise their own level', async () => {
    for (const own of [0, 1, 2, 3] as const) {
      const id = await accountId(`level${own}`)
      for (const wanted of [own + 1, 4]) {
        const response = await inject('PUT', `/api/accounts/${id}/level`, cookies.get(own), {
          level: wanted,
        })
        expect(response.statusCode, `level ${own} asking for ${wanted}`).toBe(403)
      }
      const row = await t.db.kysely
        .selectFrom('user')
        .select('level')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(row.level).toBe(own)
      const me = await inject('GET', '/api/me', cookies.get(own))
      expect(me.json().level).toBe(own)
    }
  })
})

function walk(value: unknown, visit: (key: string, value: unknown) => void) {
  if (Array.isArray(value)) for (const item of value) walk(item, visit)
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      visit(key, inner)
      walk(inner, visit)
    }
  }
}
