import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { sql } from 'kysely'
import type { z } from 'zod'
import type { Db } from '#server/core/db/database'

// The generators of the bad-input suites (tests/api/bad-input/*.test.ts): junk of every kind,
// invalid values for a field worked out from the field's own zod schema, and whole requests.
// Each generated request is invalid by construction: it carries at least one "breaker" (a field
// of the wrong type, missing, too long, badly formed, a NUL character, a duplicate id, a stale
// version, a whole body of the wrong shape...) or a path id that names nothing; the rest of it is
// random junk (unicode, nested values, unknown keys) that may or may not be valid.

export const RUNS = { sqlite: 60, postgres: 20 } as const

// Tables that refused attempts may legitimately change: the log records attempts, sessions and
// rate-limit counters move with every request.
const VOLATILE = new Set(['logs', 'session', 'rateLimit', 'sign_in_failures'])
// A cache marker in app_settings that every committed write moves, a refused attempt's log entry
// too (src/server/core/db/data-version.ts); the rest of app_settings must stay as it was.
const VOLATILE_SETTINGS = new Set(['data-version'])
// "Forgotten your password?" stores the same job whatever it is given, so that its answer's time
// tells nothing (issue 42); for a name no account has, the job sends nothing.
const VOLATILE_JOBS = new Set(['password-reset-request'])
export const MUST_BE_COVERED = [
  'people',
  'plots',
  'sites',
  'tenancy',
  'files',
  'land_documents',
  'enquiries',
  'news',
  'calendar_events',
  'user',
]

// What a leaked internal looks like: stack frames, engine errors, JavaScript's own words.
export const LEAK =
  /undefined|\[object |SQLITE_|sqlite3?\b|postgres|syntax error|relation "|violates|duplicate key|\bat \S+ \(|node:internal|\.ts:\d+|TypeError|ReferenceError|FST_/i

type Body = unknown
export type Breaker = (body: Record<string, unknown>) => Body

export interface Case {
  method: 'POST' | 'PUT' | 'DELETE' | 'GET'
  url: string
  /** A JSON value, or raw text with its content type, or a ready multipart form. */
  body?:
    { json: Body } | { raw: string; contentType: string } | { form: Buffer; contentType: string }
  cookie?: 'admin' | 'spare' | 'none'
}

// ---------- generators of junk and of invalid values ----------

const LONG = 100_000
export const hugeString = fc
  .constantFrom('a', 'é', '😀', '\u202E', 'ا', 'x\u0301', '\u0000')
  .map((unit) => unit.repeat(Math.ceil(LONG / unit.length)))

// Strings that exercise encodings and escaping; any of them may also be valid for a field.
export const unicodeJunk = fc.oneof(
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
export const notString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 }),
)
export const notBoolean = fc.oneof(
  fc.constantFrom('true', 'false', '', 'yes', 0, 1, null, [], {}),
  fc.string({ maxLength: 5 }),
)
export const nonInteger = fc.integer({ min: -1000, max: 1000 }).map((n) => n + 0.5)
export const blank = fc.constantFrom('', ' ', '\t', '\n  ', '\u00a0', '\u3000')
export const withNul = fc
  .tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }))
  .map(([a, b]) => `${a}\u0000${b}`)
export const over = (max: number) =>
  fc.integer({ min: max + 1, max: max + 50 }).map((n) => 'x'.repeat(n))
export const containing = (chars: string[]) =>
  fc
    .tuple(fc.string({ maxLength: 5 }), fc.constantFrom(...chars), fc.string({ maxLength: 5 }))
    .map(([a, c, b]) => `z${a}${c}${b}`)

// Values that break a field of one type or another: every one is checked against the field's own
// schema, so a field is only ever sent what its schema refuses.
const suspects = fc.oneof(
  notString,
  notBoolean,
  hugeString,
  blank,
  fc.string({ maxLength: 8 }),
  fc.string({ maxLength: 5 }).map((s) => `.${s}`),
  containing([
    '/',
    '\\',
    '?',
    '#',
    '<',
    '"',
    '@',
    ':',
    ';',
    '*',
    '😀',
    '\u202E',
    '%',
    ' ',
    '.',
    '_',
    "'",
    'é',
    '+',
  ]),
  fc.constantFrom(
    // dates
    '2023-02-29',
    '2021-13-01',
    '2021-00-10',
    '2021-01-32',
    '2021-1-1',
    '01/02/2021',
    '2021-01-01T00:00:00Z',
    '２０２１-01-01',
    'today',
    // e-mail addresses
    'no-at-sign',
    'a@',
    '@b.org',
    'a b@c.org',
    'a@b',
    'ann@@example.org',
    // numbers written as text, and numbers out of range
    '12 m',
    '12.5',
    '-3',
    'ten',
    '1e3',
    '0x10',
    '١٢',
    '3',
    '2',
  ),
  fc.integer({ max: -1 }),
  nonInteger,
  fc.integer({ min: 1_000_001 }),
  fc.constantFrom(0, 2 ** 53, 1e300, 1.5, 5, 2, 4),
  fc.integer({ min: 129, max: 300 }).map((n) => 'p'.repeat(n)),
  fc.string({ minLength: 0, maxLength: 7 }),
)

interface Checkable {
  safeParse(value: unknown): { success: boolean }
}

const accepts = (field: Checkable, value: unknown) => field.safeParse(value).success

/** The longest run of 'x' the field accepts, when it takes such text at all. */
function longestAccepted(field: Checkable): number | undefined {
  if (!accepts(field, 'x')) return undefined
  let low = 1
  let high = 2
  while (high <= 1 << 17 && accepts(field, 'x'.repeat(high))) [low, high] = [high, high * 2]
  if (high > 1 << 17) return undefined
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    if (accepts(field, 'x'.repeat(middle))) low = middle
    else high = middle
  }
  return low
}

/** Values the field's schema refuses: the suspects it refuses, and text just over its length. */
export function invalidFor(field: Checkable): fc.Arbitrary<unknown> {
  const max = longestAccepted(field)
  const refused = suspects.filter((value) => !accepts(field, value))
  return max === undefined ? refused : fc.oneof(refused, over(max))
}

interface FieldSpec {
  invalid: fc.Arbitrary<unknown>
  /** May be left out of a valid body. */
  optional: boolean
  /** Holds text, so it takes unicode junk and NUL characters. */
  text: boolean
}

/** Each field of a body schema: what breaks it, whether it may be left out, whether it is text. */
function fieldsOf(schema: z.ZodObject): Record<string, FieldSpec> {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => {
      const checkable = field as unknown as Checkable
      return [
        name,
        {
          invalid: invalidFor(checkable),
          optional: accepts(checkable, undefined),
          text: accepts(checkable, 'Fuzz-fuzz-fuzz'),
        },
      ]
    }),
  )
}

// Anything at all for a whole body that should be an object: arrays instead of objects, etc.
export const notAnObject = fc.oneof(
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.string({ maxLength: 10 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
)
export const junkKey = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('constructor', 'toString', 'isAdmin', 'level', 'plots', 'tenants', '$where', ''),
)

// Bodies broken below the JSON level: not JSON, or not a type the route reads.
export const rawJunk = fc.oneof(
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

export function insertNul(body: Record<string, unknown>, key: string, at: number): Body {
  const value = typeof body[key] === 'string' ? (body[key] as string) : 'text'
  const cut = at % (value.length + 1)
  return { ...body, [key]: `${value.slice(0, cut)}\u0000${value.slice(cut)}` }
}

/**
 * The junk a body may carry whatever it is (unicode in text fields, unknown keys holding nested
 * values), and the breakers that each make it invalid on their own. The fields, and what breaks
 * each, come from the route's own body schema: nothing here restates them.
 */
export function bodyOf(
  base: () => Record<string, unknown>,
  schema: z.ZodObject,
  extraBreakers: fc.Arbitrary<Breaker>[] = [],
) {
  const fields = fieldsOf(schema)
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
        fields[name]!.invalid.map((value): Breaker => (body) => ({ ...body, [name]: value })),
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
export const junkSegment = fc.oneof(
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

export function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

export const namesNothing = (names: (id: string) => boolean, numeric = false) =>
  junkSegment.filter((segment) => {
    const id = decoded(segment)
    if (id === undefined) return true
    if (names(id)) return false
    // Numeric ids are read with Number(): ' 1', '0x1' and '1e0' all mean record 1.
    return !(numeric && names(String(Number(id))))
  })

export const queryJunk = fc.oneof(
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
export async function checksum(db: Db) {
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
        : table === 'jobs'
          ? found.filter((row) => !VOLATILE_JOBS.has((row as { kind?: string }).kind ?? ''))
          : found
    rows += kept.length
    const lines = kept.map((row) => JSON.stringify(row)).sort()
    hash.update(`${table}\n${lines.join('\n')}\n`)
  }
  return { digest: hash.digest('hex'), tables, rows }
}
