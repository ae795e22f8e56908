import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { LandDocumentDetail } from '#shared/schemas/land-documents'
import { plotInput } from '#tests/helpers/records'
import { createTestApp, type Engine, type TestApp } from '#tests/helpers/test-app'
import { FORWARDED_HEADERS, hostileRequests } from '#tests/helpers/hostile-headers'
import { multipartBody, samplePdf } from '#tests/helpers/pdf-upload'
import {
  blank,
  type Breaker,
  type Case,
  checksum,
  decoded,
  hugeString,
  insertNul,
  LEAK,
  MUST_BE_COVERED,
  namesNothing,
  over,
  queryJunk,
  rawJunk,
  RUNS,
  unicodeJunk,
  type bodyOf,
  withNul,
} from './generators.ts'

// One bad-input suite (tests/api/bad-input/*.test.ts): a real app on a real database with the
// records the generated requests aim at, made as an administrator so that the level check never
// hides what validation does. Every answer must be a 4xx problem-details document with a human
// message, the same request with a forged Host must be refused too, and the database must be
// exactly as it was.

/** A route's requests, made when its test runs (after the suite's records exist). */
export type Family = () => fc.Arbitrary<Case>

// Routes whose well-formed request really does something (end a session), or answers alike
// whatever it was given (a forgotten password, for a name no account has): success is allowed.
const QUIET = [
  'POST /api/password/forgotten',
  'POST /api/auth/sign-out',
  'POST /api/auth/revoke-sessions',
  'POST /api/account/sign-out-others',
]

export function useBadInputSuite(engine: Engine) {
  const runs = RUNS[engine]
  let t: TestApp
  let admin: string
  let spare: string
  let tried = 0
  const people = new Set<string>()
  const plots = new Set<string>()
  const accounts = new Set<string>()
  const documents = new Set<string>()
  const newsPosts = new Set<string>()
  const events = new Set<string>()
  const sites = new Set<string>()
  let ownAccount = ''
  let targetAccount = ''
  let existingDocument = 0
  let existingNewsPost = 0
  let existingEvent = 0
  const before = { digest: '', rows: 0 }

  const person = (id: string, onWaitingList = false) => ({
    id,
    firstName: 'Fuzz',
    lastName: 'Person',
    dateJoined: '2020-01-01',
    joinedWaitingList: '2020-01-01',
    address: '1 Junk Street',
    phoneNumber: '01234 567890',
    email: 'fuzz@example.org',
    altEmail: '',
    onWaitingList,
  })
  const plot = (id: string) => plotInput(id, { description: 'fuzz plot', distance: 5, fee: 30 })
  const calendarEvent = {
    title: 'Fuzz work party',
    siteId: null,
    place: 'The gate',
    startDate: '2026-03-29',
    startTime: '00:30',
    endDate: '2026-03-29',
    endTime: '03:30',
    description: 'Across the start of summer time.',
    visibility: 'members',
    helpersWanted: 10,
  }
  const newsPost = {
    title: 'Fuzz news',
    date: '2024-03-03',
    body: 'Kept as it is.',
    published: true,
  }

  // Every request carries proxy headers an attacker controls: they must change no answer.
  async function send(request: Case, hostile: Record<string, string> = {}) {
    const headers: Record<string, string> = { ...FORWARDED_HEADERS, ...hostile }
    if (request.cookie !== 'none') headers.cookie = request.cookie === 'spare' ? spare : admin
    let payload: string | Buffer | undefined
    const body = request.body
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(body.json) ?? 'null'
    } else if (body && 'raw' in body) {
      headers['content-type'] = body.contentType
      payload = body.raw
    } else if (body && 'form' in body) {
      headers['content-type'] = body.contentType
      payload = body.form
    }
    tried++
    return t.app.inject({
      method: request.method,
      url: request.url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    })
  }

  function expectProblem(
    response: Awaited<ReturnType<typeof send>>,
    request: Case,
    allowSuccess = false,
  ) {
    const sent =
      request.body && 'form' in request.body
        ? request.body.form
            .toString('latin1')
            .replace(/%PDF[\s\S]*?%%EOF/g, '<pdf>')
            .replace(/\r?\n/g, ' ')
            .slice(0, 600)
        : ''
    const where = `${request.method} ${request.url.slice(0, 200)} ${sent} → ${response.statusCode} ${response.body.slice(0, 300)}`
    expect(response.statusCode, where).toBeLessThan(500)
    if (allowSuccess && response.statusCode < 400) return
    expect(response.statusCode, where).toBeGreaterThanOrEqual(400)
    expect(String(response.headers['content-type']), where).toMatch(/^application\/problem\+json/)
    const problem = response.json<{ status: number; title: string; detail: unknown }>()
    expect(problem.status, where).toBe(response.statusCode)
    expect(typeof problem.detail, where).toBe('string')
    const detail = problem.detail as string
    expect(detail.trim().length, where).toBeGreaterThan(0)
    // The detail may quote the id that was asked for; it must not show internals.
    const quoted = decoded(request.url.split('?')[0]!.split('/').pop() ?? '') ?? ''
    expect(detail.replace(quoted, ''), where).not.toMatch(LEAK)
  }

  async function expectUnchanged(label: string) {
    const after = await checksum(t.db)
    expect(after.digest, `${label} changed the database`).toBe(before.digest)
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'fuzz-admin')
    spare = await t.signInAs(1, 'fuzz-spare')
    await t.createAccount('fuzz-target', 0)
    const call = async (method: 'POST' | 'PUT', url: string, json: object) => {
      const response = await send({ method, url, body: { json }, cookie: 'admin' })
      expect(response.statusCode, `${url} ${response.body}`).toBeLessThan(300)
      tried--
      return response
    }
    // Each fixture is created once here; generated requests create the same ids a second time.
    for (const id of ['FULL', 'OPEN']) await call('POST', '/api/plots', plot(id))
    for (const id of ['keeper', 't2', 't3', 't4', 'spare-person']) {
      await call('POST', '/api/people', person(id))
    }
    await call('POST', '/api/people', person('waiter', true))
    for (const id of ['keeper', 't2', 't3', 't4'])
      await call('PUT', `/api/plots/FULL/tenants/${id}`, {})
    const form = await multipartBody(
      { date: '2020-05-05', description: 'Fuzz', name: 'Kept' },
      { bytes: samplePdf(), name: 'kept.pdf' },
    )
    const upload = await send({
      method: 'POST',
      url: '/api/land-documents',
      body: { form: form.payload, contentType: form.headers['content-type'] },
    })
    expect(upload.statusCode, upload.body).toBe(201)
    tried--
    existingDocument = upload.json<LandDocumentDetail>().id
    documents.add(String(existingDocument))

    const news = await call('POST', '/api/news', newsPost)
    existingNewsPost = news.json<{ id: number }>().id
    newsPosts.add(String(existingNewsPost))

    const event = await call('POST', '/api/calendar/events', calendarEvent)
    existingEvent = event.json<{ id: number }>().id
    events.add(String(existingEvent))

    const db = t.db.kysely
    for (const row of await db.selectFrom('people').select('id').execute()) people.add(row.id)
    for (const row of await db.selectFrom('plots').select('id').execute()) plots.add(row.id)
    for (const row of await db.selectFrom('sites').select('id').execute()) sites.add(String(row.id))
    for (const row of await db.selectFrom('user').select(['id', 'username']).execute()) {
      accounts.add(row.id)
      if (row.username === 'fuzz-admin') ownAccount = row.id
      if (row.username === 'fuzz-target') targetAccount = row.id
    }
    const first = await checksum(t.db)
    for (const table of MUST_BE_COVERED) expect(first.tables).toContain(table)
    Object.assign(before, { digest: first.digest, rows: first.rows })
  })

  afterAll(async () => {
    await t?.close()
  })

  const anyPerson = (id: string) => people.has(id)
  const anyPlot = (id: string) => plots.has(id)
  const anyAccount = (id: string) => accounts.has(id)
  const anyDocument = (id: string) => documents.has(id)
  const anyNewsPost = (id: string) => newsPosts.has(id)
  const anyEvent = (id: string) => events.has(id)
  const anySite = (id: string) => sites.has(id)
  // Refused attempts are logged too, so the log keeps growing: treat any small number as taken.
  const anyLogEntry = (id: string) => /^[1-9]\d{0,5}$/.test(id)

  const { id: _p, onWaitingList: _w, ...personUpdate } = person('x')
  const { id: _q, ...plotUpdate } = plot('x')

  // A duplicate of a fixture, perhaps with spaces the server trims away: 409 however it is dressed.
  const duplicate = (ids: string[]) =>
    fc
      .tuple(fc.constantFrom(...ids), fc.constantFrom('', ' ', '  '))
      .map(([id, pad]): Breaker => (body) => ({ ...body, id: `${pad}${id}${pad}` }))
  const stale = fc
    .integer({ min: 1000, max: 2 ** 31 })
    .map((version): Breaker => (body) => ({ ...body, version }))

  interface IdSpec {
    /** Whether the server would read this id as naming a record. */
    names: (id: string) => boolean
    numeric?: boolean
    /** Existing ids the route may be aimed at, with a broken body (or, bodiless, never all at once). */
    real?: string[]
  }

  /**
   * Requests to a route with path ids and perhaps a JSON body: an id names nothing, or the body
   * is broken. A route without a body is never aimed at real records with every one of its ids.
   */
  function idsAndBody(
    method: Case['method'],
    template: string,
    ids: Record<string, IdSpec>,
    body?: ReturnType<typeof bodyOf>,
  ): fc.Arbitrary<Case> {
    const names = Object.keys(ids)
    const choice = (spec: IdSpec) => {
      const junk = namesNothing(spec.names, spec.numeric).map((v) => ({ v, real: false }))
      const real = spec.real ?? []
      if (!real.length) return junk
      return fc.oneof(
        junk,
        fc.constantFrom(...real).map((v) => ({ v: encodeURIComponent(v), real: true })),
      )
    }
    const chosenIds = fc.record(
      Object.fromEntries(names.map((name) => [name, choice(ids[name]!)])) as Record<
        string,
        fc.Arbitrary<{ v: string; real: boolean }>
      >,
    )
    const fill = (values: Record<string, string>) =>
      names.reduce((url, name) => url.replace(`{${name}}`, values[name]!), template)
    const structured = fc
      .record({
        chosen: chosenIds,
        breakAnyway: fc.boolean(),
        junked: body ? body.junked : fc.constant(undefined),
        breaker: body ? body.breaker : fc.constant(undefined),
        query: queryJunk,
      })
      .filter(({ chosen }) => !!body || !names.every((name) => chosen[name]!.real))
      .map(({ chosen, breakAnyway, junked, breaker, query }): Case => {
        const url = fill(Object.fromEntries(names.map((name) => [name, chosen[name]!.v]))) + query
        if (!body) return { method, url }
        const allReal = names.every((name) => chosen[name]!.real)
        return { method, url, body: { json: allReal || breakAnyway ? breaker!(junked!) : junked } }
      })
    const junkIds = fc.record(
      Object.fromEntries(
        names.map((name) => [name, namesNothing(ids[name]!.names, ids[name]!.numeric)]),
      ) as Record<string, fc.Arbitrary<string>>,
    )
    return fc.oneof(
      { weight: 6, arbitrary: structured },
      {
        weight: 1,
        arbitrary: fc
          .tuple(junkIds, rawJunk)
          .map(([chosen, raw]): Case => ({ method, url: fill(chosen), body: raw })),
      },
    )
  }

  function bodyOnly(method: Case['method'], url: string, body: ReturnType<typeof bodyOf>) {
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .tuple(body.junked, body.breaker, queryJunk)
          .map(([junked, breaker, query]): Case => ({
            method,
            url: url + query,
            body: { json: breaker(junked) },
          })),
      },
      {
        weight: 1,
        arbitrary: rawJunk.map((raw): Case => ({ method, url, body: raw })),
      },
    )
  }

  // These take no body: whatever is sent is ignored or refused, never a server error. Routes that
  // end a session are sent a spare account's, since a well-formed request really does end it.
  const withoutBody = (url: string, cookies: Array<Case['cookie']> = ['admin', 'none']) =>
    fc
      .tuple(
        fc.oneof(
          fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json }) as Case['body']),
          rawJunk as fc.Arbitrary<Case['body']>,
        ),
        fc.constantFrom(...cookies),
        queryJunk,
      )
      .map(([body, cookie, query]): Case => ({ method: 'POST', url: url + query, body, cookie }))
  const sessionEnders = (url: string) => withoutBody(url, ['spare', 'none'])

  interface UploadRoute {
    method: 'POST' | 'PUT'
    url: string
    /** The form's text fields, filled in well. */
    fields: Record<string, string>
    /** What can be wrong in each text field (a form field is always text). */
    fieldSpecs: Record<string, fc.Arbitrary<unknown>>
    /** The fields whose absence is refused. */
    required: string[]
    /** A file the route accepts, and its name. */
    file: () => Uint8Array
    fileName: string
  }

  // Every generated form is broken in one way at least: a field, the file, or the form itself.
  function uploads(route: UploadRoute): fc.Arbitrary<Case> {
    type Form = {
      fields: Record<string, unknown>
      files: Array<{ bytes: Uint8Array; name: string }>
      extra?: 'truncate' | 'json' | 'many-fields'
    }
    const textFields = Object.keys(route.fieldSpecs)
    const junked = fc
      .record({
        junk: fc.dictionary(fc.constantFrom(...textFields, 'other', 'level'), unicodeJunk, {
          maxKeys: 3,
        }),
        fileName: fc.oneof(unicodeJunk, fc.constantFrom('../../etc/passwd', route.fileName, '')),
      })
      .map(({ junk, fileName }): Form => ({
        fields: { ...route.fields, ...junk },
        files: [{ bytes: route.file(), name: fileName || route.fileName }],
      }))
    const withoutField =
      (name: string) =>
      (form: Form): Form => {
        const rest = { ...form.fields }
        delete rest[name]
        return { ...form, fields: rest }
      }
    const breakers = [
      fc.constant((form: Form): Form => ({ ...form, files: [] })),
      // A zip's whole signature then junk: neither a PDF nor a picture, nor a workbook, nor text
      // (with "PK" alone, "PK\n!" was a one-column CSV, and the import rightly read it).
      fc.uint8Array({ maxLength: 64 }).map((bytes) => (form: Form): Form => ({
        ...form,
        files: [{ bytes: Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...bytes]), name: 'not-a.pdf' }],
      })),
      fc.constant((form: Form): Form => ({
        ...form,
        files: [...form.files, { bytes: route.file(), name: `second-${route.fileName}` }],
      })),
      fc
        .constantFrom<Form['extra']>('truncate', 'json', 'many-fields')
        .map((extra) => (form: Form): Form => ({ ...form, extra })),
      // At the end of the file name: the server keeps only what follows the last slash.
      fc.constant((form: Form): Form => ({
        ...form,
        files: form.files.map((file) => ({ ...file, name: `${file.name}\u0000` })),
      })),
    ]
    if (textFields.length) {
      breakers.push(
        fc.constantFrom(...textFields).chain((name) =>
          route.fieldSpecs[name]!.map((value) => (form: Form): Form => ({
            ...form,
            fields: { ...form.fields, [name]: value },
          })),
        ),
        fc
          .tuple(fc.constantFrom(...textFields), fc.nat())
          .map(([name, at]) => (form: Form): Form => ({
            ...form,
            fields: insertNul(form.fields, name, at) as Record<string, unknown>,
          })),
      )
    }
    if (route.required.length) breakers.push(fc.constantFrom(...route.required).map(withoutField))
    return fc.tuple(junked, fc.oneof(...breakers)).map(([form, breakIt]) => {
      const broken = breakIt(form)
      return { method: route.method, url: route.url, body: undefined, form: broken } as Case & {
        form: Form
      }
    })
  }

  const landUploads = () =>
    uploads({
      method: 'POST',
      url: '/api/land-documents',
      fields: { date: '2024-02-02', description: 'Fuzz upload', name: 'Fuzzed' },
      fieldSpecs: {
        date: fc.oneof(
          hugeString,
          fc.constantFrom('2023-02-29', '2021-13-01', '2021-1-1', '01/02/2021', '', 'today'),
        ),
        description: fc.oneof(hugeString, blank, withNul, over(300)),
        name: fc.oneof(hugeString, blank, withNul, over(200)),
      },
      required: ['date', 'description', 'name'],
      file: samplePdf,
      fileName: 'x.pdf',
    })

  async function toMultipart(form: {
    fields: Record<string, unknown>
    files: Array<{ bytes: Uint8Array; name: string }>
    extra?: 'truncate' | 'json' | 'many-fields'
  }): Promise<Case['body']> {
    if (form.extra === 'json') return { json: form.fields }
    const data = new FormData()
    for (const [name, value] of Object.entries(form.fields)) data.append(name, String(value))
    if (form.extra === 'many-fields') for (let i = 0; i < 12; i++) data.append(`f${i}`, 'x')
    for (const file of form.files) {
      data.append(
        'file',
        new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }),
        file.name,
      )
    }
    const encoded = new Response(data)
    let bytes = Buffer.from(await encoded.arrayBuffer())
    if (form.extra === 'truncate') bytes = bytes.subarray(0, Math.floor(bytes.length / 2))
    return { form: bytes, contentType: encoded.headers.get('content-type') ?? '' }
  }

  /** One test per route, so that a failure names its route and fast-check's shrunk counterexample. */
  function checkRoutes(families: Record<string, Family>) {
    it.each(Object.keys(families))(
      'refuses generated bad input to %s and changes nothing',
      async (route) => {
        await fc.assert(
          fc.asyncProperty(families[route]!(), async (generated) => {
            const request = generated as Case & { form?: Parameters<typeof toMultipart>[0] }
            if (request.form) request.body = await toMultipart(request.form)
            const response = await send(request)
            expectProblem(response, request, QUIET.includes(route))
            // The same request with a forged Host and a matching Origin is refused (400, or the
            // router's own refusal of an address first), whatever route it aims at.
            const smuggled = await send(request, hostileRequests[tried % hostileRequests.length])
            expectProblem(smuggled, request)
          }),
          { numRuns: runs },
        )
        await expectUnchanged(route)
      },
      60_000,
    )
    it('left every table but the log, sessions and rate-limit counters as it was', async () => {
      await expectUnchanged('the generated input')
      const after = await checksum(t.db)
      console.info(
        `bad input on ${engine}: ${tried} generated requests, ${after.tables.length} tables ` +
          `(${after.rows} rows) unchanged`,
      )
      expect(tried).toBeGreaterThan(Object.keys(families).length * runs)
    })
  }

  /** Reads by id are not writes, but the same junk ids must not reach the database unchecked. */
  function checkJunkIds(route: string, existing: (id: string) => boolean, numeric: boolean) {
    it(`refuses junk ids in ${route}`, async () => {
      const template = route.slice(4)
      await fc.assert(
        fc.asyncProperty(namesNothing(existing, numeric), queryJunk, async (id, query) => {
          const request: Case = { method: 'GET', url: template.replace('{id}', id) + query }
          expectProblem(await send(request), request)
        }),
        { numRuns: Math.ceil(runs / 2) },
      )
    })
  }

  return {
    get app() {
      return t.app
    },
    get ownAccount() {
      return ownAccount
    },
    get targetAccount() {
      return targetAccount
    },
    get existingDocument() {
      return existingDocument
    },
    get existingNewsPost() {
      return existingNewsPost
    },
    get existingEvent() {
      return existingEvent
    },
    calendarEvent,
    anyEvent,
    person,
    plot,
    personUpdate,
    plotUpdate,
    newsPost,
    anyPerson,
    anyPlot,
    anyAccount,
    anyDocument,
    anyNewsPost,
    anySite,
    anyLogEntry,
    duplicate,
    stale,
    idsAndBody,
    bodyOnly,
    sessionEnders,
    withoutBody,
    uploads,
    landUploads,
    checkRoutes,
    checkJunkIds,
  }
}

export type Suite = ReturnType<typeof useBadInputSuite>
