import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#server/core/db/database'
import type { LandDocumentDetail } from '#shared/schemas/land-documents'
import { plotInput } from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'
import { FORWARDED_HEADERS, hostileRequests } from '#tests/helpers/hostile-headers'
import { multipartBody, samplePdf } from '#tests/helpers/pdf-upload'

// Generated invalid input thrown at every write route, as an administrator so that the level
// check never hides what validation does. Each generated request is invalid by construction: it
// carries at least one "breaker" (a field of the wrong type, missing, too long, badly formed, a
// NUL character, a duplicate id, a stale version, a whole body of the wrong shape...) or a path
// id that names nothing; the rest of it is random junk (unicode, nested values, unknown keys)
// that may or may not be valid. Every answer must be a 4xx problem-details document with a human
// message, and the database must be exactly as it was.

const RUNS = { sqlite: 60, postgres: 20 } as const

// Tables that refused attempts may legitimately change: the log records attempts, sessions and
// rate-limit counters move with every request.
const VOLATILE = new Set(['logs', 'session', 'rateLimit', 'sign_in_failures'])
// A cache marker in app_settings that every committed write moves, a refused attempt's log entry
// too (src/server/core/db/data-version.ts); the rest of app_settings must stay as it was.
const VOLATILE_SETTINGS = new Set(['data-version'])
const MUST_BE_COVERED = [
  'people',
  'plots',
  'tenancy',
  'files',
  'land_documents',
  'enquiries',
  'user',
]

// What a leaked internal looks like: stack frames, engine errors, JavaScript's own words.
const LEAK =
  /undefined|\[object |SQLITE_|sqlite3?\b|postgres|syntax error|relation "|violates|duplicate key|\bat \S+ \(|node:internal|\.ts:\d+|TypeError|ReferenceError|FST_/i

type Body = unknown
type Breaker = (body: Record<string, unknown>) => Body

interface Case {
  method: 'POST' | 'PUT' | 'DELETE' | 'GET'
  url: string
  /** A JSON value, or raw text with its content type, or a ready multipart form. */
  body?:
    { json: Body } | { raw: string; contentType: string } | { form: Buffer; contentType: string }
  cookie?: 'admin' | 'spare' | 'none'
}

// ---------- generators of junk and of invalid values ----------

const LONG = 100_000
const hugeString = fc
  .constantFrom('a', 'é', '😀', '\u202E', 'ا', 'x\u0301', '\u0000')
  .map((unit) => unit.repeat(Math.ceil(LONG / unit.length)))

// Strings that exercise encodings and escaping; any of them may also be valid for a field.
const unicodeJunk = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '\u202Eevil',
    'مرحبا بالعالم',
    '👩‍👩‍👧‍👦🌱',
    '\ud800',
    'a\udfff',
    'x\u0000y',
    "'; drop table people; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00%2e%2e',
    'null',
    '\t\n',
  ),
)
const notString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 }),
)
const notBoolean = fc.oneof(
  fc.constantFrom('true', 'false', '', 'yes', 0, 1, null, [], {}),
  fc.string({ maxLength: 5 }),
)
const nonInteger = fc.integer({ min: -1000, max: 1000 }).map((n) => n + 0.5)
const blank = fc.constantFrom('', ' ', '\t', '\n  ', '\u00a0', '\u3000')
const withNul = fc
  .tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }))
  .map(([a, b]) => `${a}\u0000${b}`)
const over = (max: number) => fc.integer({ min: max + 1, max: max + 50 }).map((n) => 'x'.repeat(n))
const containing = (chars: string[]) =>
  fc
    .tuple(fc.string({ maxLength: 5 }), fc.constantFrom(...chars), fc.string({ maxLength: 5 }))
    .map(([a, c, b]) => `z${a}${c}${b}`)

// Field kinds, each with values that can never be valid for it.
const invalid = {
  nickname: fc.oneof(
    notString,
    hugeString,
    blank,
    withNul,
    over(40),
    containing(['/', '\\', '?', '#', '<', '"', '@', ':', ';', '*', '😀', '\u202E', '%']),
    fc.string({ maxLength: 5 }).map((s) => `.${s}`),
  ),
  plotName: fc.oneof(
    notString,
    hugeString,
    blank,
    withNul,
    over(20),
    containing(['/', '.', '_', "'", '?', '#', '😀', '%', '\u202E']),
  ),
  name: fc.oneof(notString, hugeString, blank, withNul, over(100)),
  text500: fc.oneof(notString, hugeString, withNul, over(500)),
  text50: fc.oneof(notString, hugeString, withNul, over(50)),
  date: fc.oneof(
    notString,
    hugeString,
    fc.constantFrom(
      '2023-02-29',
      '2021-13-01',
      '2021-00-10',
      '2021-01-32',
      '2021-1-1',
      '01/02/2021',
      '2021-01-01T00:00:00Z',
      '２０２１-01-01',
      '',
      'today',
    ),
  ),
  optionalEmail: fc.oneof(
    notString,
    hugeString,
    withNul,
    fc.constantFrom('no-at-sign', 'a@', '@b.org', 'a b@c.org', 'a@b', 'ann@@example.org'),
  ),
  email: fc.oneof(
    notString,
    hugeString,
    blank,
    fc.constantFrom('no-at-sign', 'a@', '@b.org', 'a b@c.org', 'a@b'),
  ),
  boolean: notBoolean,
  whole: fc.oneof(
    fc.integer({ max: -1 }),
    nonInteger,
    fc.integer({ min: 1_000_001 }),
    fc.constantFrom('12 m', '12.5', '-3', '', 'ten', '1e3', '0x10', ' ', '١٢', null, true, [], {}),
  ),
  gradient: fc.oneof(
    notString,
    fc.string({ maxLength: 8 }).filter((s) => s !== 'slope' && s !== 'flat'),
  ),
  version: fc.oneof(
    fc.integer({ max: 0 }),
    nonInteger,
    fc.constantFrom('1', '2', null, true, [], {}, 2 ** 53, 1e300),
  ),
  userName: fc.oneof(
    notString,
    hugeString,
    blank,
    over(40),
    containing([' ', '/', 'é', '😀', '@', '\u0000', '+']),
  ),
  password: fc.oneof(
    notString,
    fc.string({ minLength: 0, maxLength: 7 }),
    fc.integer({ min: 129, max: 300 }).map((n) => 'p'.repeat(n)),
  ),
  registerLevel: fc.constantFrom(0, 2, 4, -1, 1.5, '2', '', 'abc', null, true, [], {}),
  accountLevel: fc.oneof(
    fc.integer({ min: 5 }),
    fc.integer({ max: -1 }),
    nonInteger,
    fc.constantFrom('3', null, true, [], {}),
  ),
  documentName: fc.oneof(notString, hugeString, blank, withNul, over(200)),
  description: fc.oneof(notString, hugeString, blank, withNul, over(300)),
  sortOrder: fc.oneof(
    fc.integer({ max: -1 }),
    nonInteger,
    fc.integer({ min: 10_001 }),
    fc.constantFrom('1', null, true, []),
  ),
  contactName: fc.oneof(notString, hugeString, blank, withNul, over(200)),
  enquiry: fc.oneof(notString, hugeString, blank, withNul, over(5000)),
  signInName: fc.oneof(notString, fc.constant(''), over(200), hugeString),
  signInPassword: fc.oneof(notString, fc.constant(''), over(1000), hugeString),
  currentPassword: fc.oneof(notString, fc.constant(''), over(1000), hugeString),
  rememberMe: notBoolean,
} satisfies Record<string, fc.Arbitrary<unknown>>

type Kind = keyof typeof invalid
interface FieldSpec {
  kind: Kind
  /** May be left out of a valid body. */
  optional?: boolean
  /** Holds text, so it takes unicode junk and NUL characters. */
  text?: boolean
}

// Anything at all for a whole body that should be an object: arrays instead of objects, etc.
const notAnObject = fc.oneof(
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.string({ maxLength: 10 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
)
const junkKey = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('constructor', 'toString', 'isAdmin', 'level', 'plots', 'tenants', '$where', ''),
)

// Bodies broken below the JSON level: not JSON, or not a type the route reads.
const rawJunk = fc.oneof(
  fc.record({
    raw: fc.constantFrom(
      '{',
      '{"a":1',
      "{'a':1}",
      '[1,]',
      'NaN',
      '\u0000',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '',
    ),
    contentType: fc.constant('application/json'),
  }),
  fc.record({
    raw: fc.string({ maxLength: 40 }),
    contentType: fc.constantFrom(
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=zz',
      'image/png',
    ),
  }),
)

function omit(body: Record<string, unknown>, key: string) {
  const copy = { ...body }
  delete copy[key]
  return copy
}

function insertNul(body: Record<string, unknown>, key: string, at: number): Body {
  const value = typeof body[key] === 'string' ? (body[key] as string) : 'text'
  const cut = at % (value.length + 1)
  return { ...body, [key]: `${value.slice(0, cut)}\u0000${value.slice(cut)}` }
}

/**
 * The junk a body may carry whatever it is (unicode in text fields, unknown keys holding nested
 * values), and the breakers that each make it invalid on their own.
 */
function bodyOf(
  base: () => Record<string, unknown>,
  fields: Record<string, FieldSpec>,
  extraBreakers: fc.Arbitrary<Breaker>[] = [],
) {
  const names = Object.keys(fields)
  const texts = names.filter((name) => fields[name]!.text)
  const required = names.filter((name) => !fields[name]!.optional)
  const junked = fc
    .record({
      junkFields: fc.subarray(texts),
      junkValues: fc.array(unicodeJunk, { minLength: 1, maxLength: 4 }),
      extras: fc.dictionary(junkKey, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 3 }),
    })
    .map(({ junkFields, junkValues, extras }) => {
      const body: Record<string, unknown> = { ...base(), ...extras }
      junkFields.forEach((name, i) => (body[name] = junkValues[i % junkValues.length]))
      return body
    })
  const breakers: fc.Arbitrary<Breaker>[] = [
    fc
      .constantFrom(...names)
      .chain((name) =>
        invalid[fields[name]!.kind].map((value): Breaker => (body) => ({ ...body, [name]: value })),
      ),
    notAnObject.map(
      (value): Breaker =>
        () =>
          value,
    ),
    ...extraBreakers,
  ]
  if (required.length) {
    breakers.push(
      fc.constantFrom(...required).map(
        (name): Breaker =>
          (body) =>
            omit(body, name),
      ),
    )
  }
  if (texts.length) {
    breakers.push(
      fc.tuple(fc.constantFrom(...texts), fc.nat()).map(
        ([name, at]): Breaker =>
          (body) =>
            insertNul(body, name, at),
      ),
    )
  }
  return { junked, breaker: fc.oneof(...breakers) }
}

// Path ids that name nothing: traversal, encodings, bad percent-escapes, numbers of every sort,
// ids too long for the router. `exists` filters out anything the server would read as a real id.
const junkSegment = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '.%2E',
    '%2F',
    'a%2Fb',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    'x%00',
    '%ED%A0%80',
    '%E0%A4',
    '%',
    '%zz',
    '%25',
    '%2500',
    '%F0%9F%98%80',
    '%E2%80%AEevil',
    '%20',
    '+',
    '-1',
    '0',
    '1.5',
    '-0',
    'NaN',
    'Infinity',
    '2147483648',
    '9007199254740993',
    '99999999999999999999999',
    'a/b',
    '%3Cscript%3E',
    "'%20OR%201=1",
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.integer({ min: 101, max: 3000 }).map((n) => 'a'.repeat(n)),
  fc.integer().map(String),
)

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

const namesNothing = (names: (id: string) => boolean, numeric = false) =>
  junkSegment.filter((segment) => {
    const id = decoded(segment)
    if (id === undefined) return true
    if (names(id)) return false
    // Numeric ids are read with Number(): ' 1', '0x1' and '1e0' all mean record 1.
    return !(numeric && names(String(Number(id))))
  })

const queryJunk = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  fc.constantFrom(
    '?id=..&version=0',
    '?__proto__[admin]=1',
    '?a=%',
    '?level=4',
    '?status=plotholders&status=x',
    `?q=${'x'.repeat(5000)}`,
  ),
  fc.string({ maxLength: 20 }).map((s) => `?${encodeURIComponent(s)}=${encodeURIComponent(s)}`),
)

// ---------- the database, before and after ----------

async function tableNames(db: Db): Promise<string[]> {
  const query =
    db.dialect === 'sqlite'
      ? sql<{
          name: string
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`
      : sql<{
          name: string
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`
  return (await query.execute(db.kysely)).rows.map((row) => row.name).sort()
}

/** A hash of every row of every table that refused input must not change. */
async function checksum(db: Db) {
  const tables = (await tableNames(db)).filter((name) => !VOLATILE.has(name))
  const hash = createHash('sha256')
  let rows = 0
  for (const table of tables) {
    const found = await db.kysely
      .selectFrom(table as 'people')
      .selectAll()
      .execute()
    const kept =
      table === 'app_settings'
        ? found.filter((row) => !VOLATILE_SETTINGS.has((row as { key?: string }).key ?? ''))
        : found
    rows += kept.length
    const lines = kept.map((row) => JSON.stringify(row)).sort()
    hash.update(`${table}\n${lines.join('\n')}\n`)
  }
  return { digest: hash.digest('hex'), tables, rows }
}

// ---------- the tests ----------

describe.each(engines)('bad input on %s', (engine) => {
  const runs = RUNS[engine]
  let t: TestApp
  let admin: string
  let spare: string
  let tried = 0
  const people = new Set<string>()
  const plots = new Set<string>()
  const accounts = new Set<string>()
  const documents = new Set<string>()
  let ownAccount = ''
  let targetAccount = ''
  let existingDocument = 0
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

    const db = t.db.kysely
    for (const row of await db.selectFrom('people').select('id').execute()) people.add(row.id)
    for (const row of await db.selectFrom('plots').select('id').execute()) plots.add(row.id)
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
  // Refused attempts are logged too, so the log keeps growing: treat any small number as taken.
  const anyLogEntry = (id: string) => /^[1-9]\d{0,5}$/.test(id)

  // The bodies of the JSON write routes.
  const personFields = {
    firstName: { kind: 'name', text: true },
    lastName: { kind: 'name', text: true },
    dateJoined: { kind: 'date' },
    joinedWaitingList: { kind: 'date' },
    address: { kind: 'text500', text: true },
    phoneNumber: { kind: 'text50', text: true },
    email: { kind: 'optionalEmail' },
    altEmail: { kind: 'optionalEmail' },
  } satisfies Record<string, FieldSpec>
  const plotFields = {
    description: { kind: 'text500', text: true },
    area: { kind: 'whole' },
    distance: { kind: 'whole' },
    fee: { kind: 'whole' },
    gradient: { kind: 'gradient' },
    paid: { kind: 'boolean' },
    showOnGrid: { kind: 'boolean' },
    isNew: { kind: 'boolean' },
    isFailed: { kind: 'boolean' },
  } satisfies Record<string, FieldSpec>
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

  const families: Record<string, () => fc.Arbitrary<Case>> = {
    'POST /api/people': () =>
      bodyOnly(
        'POST',
        '/api/people',
        bodyOf(
          () => person('new-person'),
          {
            ...personFields,
            id: { kind: 'nickname', text: true },
            onWaitingList: { kind: 'boolean' },
          },
          [duplicate(['keeper', 'waiter'])],
        ),
      ),
    'PUT /api/people/{id}': () =>
      idsAndBody(
        'PUT',
        '/api/people/{id}',
        { id: { names: anyPerson, real: ['keeper', 'waiter'] } },
        bodyOf(
          () => ({ ...personUpdate, version: 1 }),
          { ...personFields, version: { kind: 'version' } },
          [stale],
        ),
      ),
    'DELETE /api/people/{id}': () =>
      idsAndBody('DELETE', '/api/people/{id}', { id: { names: anyPerson } }),
    'POST /api/people/{id}/move-to-waiting-list': () =>
      // keeper holds a plot: moving them to the waiting list is refused (422).
      fc.oneof(
        idsAndBody('POST', '/api/people/{id}/move-to-waiting-list', {
          id: { names: anyPerson },
        }),
        fc.constant<Case>({ method: 'POST', url: '/api/people/keeper/move-to-waiting-list' }),
      ),
    'POST /api/people/{id}/move-to-plotholders': () =>
      // waiter has no plot: moving them to the plot holders is refused (422).
      fc.oneof(
        idsAndBody('POST', '/api/people/{id}/move-to-plotholders', {
          id: { names: anyPerson },
        }),
        fc.constant<Case>({ method: 'POST', url: '/api/people/waiter/move-to-plotholders' }),
      ),
    'POST /api/plots': () =>
      bodyOnly(
        'POST',
        '/api/plots',
        bodyOf(() => plot('New'), { ...plotFields, id: { kind: 'plotName', text: true } }, [
          duplicate(['FULL', 'OPEN']),
        ]),
      ),
    'PUT /api/plots/{id}': () =>
      idsAndBody(
        'PUT',
        '/api/plots/{id}',
        { id: { names: anyPlot, real: ['FULL', 'OPEN'] } },
        bodyOf(
          () => ({ ...plotUpdate, version: 1 }),
          { ...plotFields, version: { kind: 'version' } },
          [stale],
        ),
      ),
    'PUT /api/plots/{id}/tenants/{personId}': () =>
      fc.oneof(
        idsAndBody('PUT', '/api/plots/{id}/tenants/{personId}', {
          id: { names: anyPlot, real: ['OPEN', 'FULL'] },
          personId: { names: anyPerson, real: ['spare-person', 'waiter'] },
        }),
        // FULL has four tenants already: a fifth is refused (422).
        fc
          .constantFrom('spare-person', 'waiter')
          .map((id): Case => ({ method: 'PUT', url: `/api/plots/FULL/tenants/${id}` })),
      ),
    'DELETE /api/plots/{id}/tenants/{personId}': () =>
      idsAndBody('DELETE', '/api/plots/{id}/tenants/{personId}', {
        id: { names: anyPlot, real: ['FULL'] },
        personId: { names: anyPerson, real: ['keeper'] },
      }),
    'PUT /api/accounts/{id}/level': () =>
      idsAndBody(
        'PUT',
        '/api/accounts/{id}/level',
        { id: { names: anyAccount, real: [targetAccount, ownAccount] } },
        bodyOf(() => ({ level: 1 }), { level: { kind: 'accountLevel' } }),
      ),
    'PUT /api/accounts/{id}/disabled': () =>
      idsAndBody(
        'PUT',
        '/api/accounts/{id}/disabled',
        { id: { names: anyAccount, real: [targetAccount, ownAccount] } },
        bodyOf(() => ({ disabled: true }), { disabled: { kind: 'boolean' } }),
      ),
    'POST /api/register': () =>
      bodyOnly(
        'POST',
        '/api/register',
        bodyOf(
          () => ({
            userName: 'fuzz-new',
            level: 1,
            email: 'fuzz-new@example.org',
            password: 'an-unusual-passphrase',
          }),
          {
            userName: { kind: 'userName', text: true },
            level: { kind: 'registerLevel' },
            email: { kind: 'email' },
            password: { kind: 'password', text: true },
          },
          [
            fc.constantFrom<Breaker>(
              (body) => ({ ...body, userName: 'fuzz-target' }),
              (body) => ({ ...body, userName: 'FUZZ-ADMIN' }),
              (body) => ({ ...body, password: 'password123' }),
              (body) => ({ ...body, userName: 'samesame', password: 'samesame' }),
            ),
          ],
        ),
      ),
    'POST /api/contact': () =>
      bodyOnly(
        'POST',
        '/api/contact',
        bodyOf(() => ({ name: 'Fuzz Visitor', email: 'visitor@example.org', enquiry: 'A plot?' }), {
          name: { kind: 'contactName', text: true },
          email: { kind: 'email' },
          enquiry: { kind: 'enquiry', text: true },
        }),
      ),
    'POST /api/vitals': () => {
      const record = { name: 'LCP', value: 1200, rating: 'good', route: '/' }
      const badRecord = fc.oneof(
        fc.constantFrom(
          { ...record, name: 'FID' },
          { ...record, rating: 'ok' },
          { ...record, value: -1 },
          { ...record, value: 600_001 },
          { ...record, value: '5' },
          { ...record, route: 'https://evil.example/' },
          { ...record, route: '/a.b' },
          { ...record, route: `/${'x'.repeat(100)}` },
          { ...record, userId: 'someone' },
          { name: 'LCP' },
          [record],
          null,
        ),
        fc.jsonValue({ maxDepth: 2 }),
      )
      const broken = fc.oneof(
        fc.constant([]),
        fc.constant(Array.from({ length: 21 }, () => record)),
        fc
          .tuple(fc.array(fc.constant(record), { maxLength: 3 }), badRecord)
          .map(([ok, bad]) => [...ok, bad]),
        fc.dictionary(junkKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
        hugeString.map((s) => [{ ...record, route: s }]),
        notAnObject.filter((v) => !Array.isArray(v) || v.length === 0),
      )
      return fc.oneof(
        {
          weight: 6,
          arbitrary: broken.map((json): Case => ({
            method: 'POST',
            url: '/api/vitals',
            body: { json },
          })),
        },
        {
          weight: 1,
          arbitrary: rawJunk.map((raw): Case => ({
            method: 'POST',
            url: '/api/vitals',
            body: raw,
          })),
        },
      )
    },
    'POST /api/land-documents': () => landUploads(),
    'PUT /api/land-documents/{id}': () =>
      idsAndBody(
        'PUT',
        '/api/land-documents/{id}',
        { id: { names: anyDocument, numeric: true, real: [String(existingDocument)] } },
        bodyOf(
          () => ({ name: 'Renamed' }),
          {
            name: { kind: 'documentName', optional: true, text: true },
            date: { kind: 'date', optional: true },
            description: { kind: 'description', optional: true, text: true },
            sortOrder: { kind: 'sortOrder', optional: true },
          },
          [fc.constant<Breaker>(() => ({}))],
        ),
      ),
    'DELETE /api/land-documents/{id}': () =>
      idsAndBody('DELETE', '/api/land-documents/{id}', {
        id: { names: anyDocument, numeric: true },
      }),
    // Sign-in, sign-out and sign-out-everywhere: only their bodies are checked.
    'POST /api/auth/sign-in/username': () => {
      const body = bodyOf(() => ({ username: 'fuzz-nobody', password: 'whatever-it-is' }), {
        username: { kind: 'signInName', text: true },
        password: { kind: 'signInPassword', text: true },
        rememberMe: { kind: 'rememberMe', optional: true },
      })
      return fc.oneof(
        bodyOnly('POST', '/api/auth/sign-in/username', body),
        // Well-formed but wrong: an unknown user name in any script gets the same 401.
        fc
          .tuple(unicodeJunk, unicodeJunk)
          .filter(([u, p]) => u.length > 0 && p.length > 0)
          .map(([username, password]): Case => ({
            method: 'POST',
            url: '/api/auth/sign-in/username',
            body: { json: { username: `fuzz-${username}`, password } },
            cookie: 'none',
          })),
      )
    },
    'POST /api/auth/sign-out': () => sessionEnders('/api/auth/sign-out'),
    'POST /api/auth/revoke-sessions': () => sessionEnders('/api/auth/revoke-sessions'),
    'POST /api/account/sign-out-others': () => sessionEnders('/api/account/sign-out-others'),
    // The current password given is never the right one, so every request is refused.
    'POST /api/account/password': () =>
      bodyOnly(
        'POST',
        '/api/account/password',
        bodyOf(
          () => ({ currentPassword: 'not-the-password', newPassword: 'fuzz-new-passphrase' }),
          {
            currentPassword: { kind: 'currentPassword', text: true },
            newPassword: { kind: 'password', text: true },
          },
          [
            fc.constantFrom<Breaker>(
              (body) => ({ ...body, newPassword: 'password123' }),
              (body) => ({ ...body, currentPassword: 'x'.repeat(1001) }),
            ),
          ],
        ),
      ),
    'POST /api/accounts/{id}/password': () =>
      idsAndBody('POST', '/api/accounts/{id}/password', {
        id: { names: anyAccount, real: [ownAccount] },
      }),
  }

  // These take no body: whatever is sent is ignored or refused, never a server error. A spare
  // account's session is used, since a well-formed request really does end it.
  const sessionEnders = (url: string) =>
    fc
      .tuple(
        fc.oneof(
          fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json }) as Case['body']),
          rawJunk as fc.Arbitrary<Case['body']>,
        ),
        fc.constantFrom<Case['cookie']>('spare', 'none'),
      )
      .map(([body, cookie]): Case => ({ method: 'POST', url, body, cookie }))

  function landUploads(): fc.Arbitrary<Case> {
    const fields = { date: '2024-02-02', description: 'Fuzz upload', name: 'Fuzzed' }
    // A form field is always text: only text can be wrong in it.
    const fieldSpecs = {
      date: fc.oneof(
        hugeString,
        fc.constantFrom('2023-02-29', '2021-13-01', '2021-1-1', '01/02/2021', '', 'today'),
      ),
      description: fc.oneof(hugeString, blank, withNul, over(300)),
      name: fc.oneof(hugeString, blank, withNul, over(200)),
    }
    type Form = {
      fields: Record<string, unknown>
      files: Array<{ bytes: Uint8Array; name: string }>
      extra?: 'truncate' | 'json' | 'many-fields'
    }
    const junked = fc
      .record({
        junk: fc.dictionary(fc.constantFrom('description', 'name', 'other', 'level'), unicodeJunk, {
          maxKeys: 3,
        }),
        fileName: fc.oneof(unicodeJunk, fc.constantFrom('../../etc/passwd', 'a.pdf', '')),
      })
      .map(({ junk, fileName }): Form => ({
        fields: { ...fields, ...junk },
        files: [{ bytes: samplePdf(), name: fileName || 'x.pdf' }],
      }))
    const breaker = fc.oneof(
      fc
        .constantFrom(...(Object.keys(fieldSpecs) as Array<keyof typeof fieldSpecs>))
        .chain((name) =>
          fieldSpecs[name].map((value) => (form: Form): Form => ({
            ...form,
            fields: { ...form.fields, [name]: value },
          })),
        ),
      fc.constantFrom('date', 'description', 'name').map((name) => (form: Form): Form => {
        const rest = { ...form.fields }
        delete rest[name]
        return { ...form, fields: rest }
      }),
      fc.constant((form: Form): Form => ({ ...form, files: [] })),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => (form: Form): Form => ({
        ...form,
        files: [{ bytes: Uint8Array.from([0x50, 0x4b, ...bytes]), name: 'not-a.pdf' }],
      })),
      fc.constant((form: Form): Form => ({
        ...form,
        files: [...form.files, { bytes: samplePdf(), name: 'second.pdf' }],
      })),
      fc
        .constantFrom<Form['extra']>('truncate', 'json', 'many-fields')
        .map((extra) => (form: Form): Form => ({ ...form, extra })),
      fc
        .tuple(fc.constantFrom('description', 'name'), fc.nat())
        .map(([name, at]) => (form: Form): Form => ({
          ...form,
          fields: insertNul(form.fields, name, at) as Record<string, unknown>,
        })),
      // At the end of the file name: the server keeps only what follows the last slash.
      fc.constant((form: Form): Form => ({
        ...form,
        files: form.files.map((file) => ({ ...file, name: `${file.name}\u0000` })),
      })),
    )
    return fc.tuple(junked, breaker).map(([form, breakIt]) => {
      const broken = breakIt(form)
      return {
        method: 'POST',
        url: '/api/land-documents',
        body: undefined,
        form: broken,
      } as Case & {
        form: Form
      }
    })
  }

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

  it('covers every write route of /api/openapi.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths
    const writes = Object.entries(paths).flatMap(([p, operations]) =>
      Object.keys(operations)
        .map((m) => m.toUpperCase())
        .filter((m) => m === 'POST' || m === 'PUT' || m === 'DELETE')
        .map((m) => `${m} ${p}`),
    )
    expect(writes.filter((route) => !(route in families))).toEqual([])
    expect(Object.keys(families).filter((route) => !writes.includes(route))).toEqual([])
  })

  // One test per route, so that a failure names its route and fast-check's shrunk counterexample.
  it.each(Object.keys(families))(
    'refuses generated bad input to %s and changes nothing',
    async (route) => {
      const quiet = [
        'POST /api/auth/sign-out',
        'POST /api/auth/revoke-sessions',
        'POST /api/account/sign-out-others',
      ].includes(route)
      await fc.assert(
        fc.asyncProperty(families[route]!(), async (generated) => {
          const request = generated as Case & { form?: Parameters<typeof toMultipart>[0] }
          if (request.form) request.body = await toMultipart(request.form)
          const response = await send(request)
          expectProblem(response, request, quiet)
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

  // Reads by id are not writes, but the same junk ids must not reach the database unchecked.
  it.each([
    ['GET /api/people/{id}', anyPerson, false],
    ['GET /api/plots/{id}', anyPlot, false],
    ['GET /api/logs/{id}', anyLogEntry, true],
    ['GET /api/land-documents/{id}/file', anyDocument, true],
  ] as const)('refuses junk ids in %s', async (route, existing, numeric) => {
    const template = route.slice(4)
    await fc.assert(
      fc.asyncProperty(namesNothing(existing, numeric), queryJunk, async (id, query) => {
        const request: Case = { method: 'GET', url: template.replace('{id}', id) + query }
        expectProblem(await send(request), request)
      }),
      { numRuns: Math.ceil(runs / 2) },
    )
  })

  it('left every table but the log, sessions and rate-limit counters as it was', async () => {
    await expectUnchanged('the generated input')
    const after = await checksum(t.db)
    console.info(
      `bad input on ${engine}: ${tried} generated requests, ${after.tables.length} tables ` +
        `(${after.rows} rows) unchanged`,
    )
    expect(tried).toBeGreaterThan(Object.keys(families).length * runs)
  })
})
