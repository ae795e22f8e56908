import pg from 'pg'

// The statements compiled once (reusable-query.ts: the session, the data version, the records a
// request reads and writes) are the same text on every request. On PostgreSQL each is prepared
// once per connection, by name, rather than parsed and planned afresh each time it is sent: a
// fifth of a PostgreSQL read's and write's server CPU (issue 49, decision 67).
const names = new Map<string, string>()

/** Marks SQL sent again and again, to be prepared by name on PostgreSQL. */
export function sentAgainAndAgain(sql: string) {
  if (!names.has(sql)) names.set(sql, `reusable_${names.size + 1}`)
}

/**
 * PostgreSQL refuses to run a prepared statement whose result's columns have changed since it was
 * prepared: another instance's migration added a column to a table it reads with `*` (a rolling
 * upgrade). That connection sends it unnamed from then on: a read is sent again at once, and a
 * write's transaction runs again (write-transaction.ts).
 */
export const isStalePlan = (error: unknown) => {
  const { code, message } = (error ?? {}) as { code?: string; message?: string }
  return code === '0A000' && /cached plan must not change result type/.test(message ?? '')
}

/** A pooled connection that sends a marked statement by its name. */
export class PreparingClient extends pg.Client {
  readonly #stale = new Set<string>()
  /** Whether the connection was outside a transaction at its last answer: statements are answered
   * in order, so at a statement's error this tells whether it ran alone or in a transaction. */
  #idle = true

  constructor(config?: pg.ClientConfig) {
    super(config)
    this.connection.on('readyForQuery', (message: { status: string }) => {
      this.#idle = message.status === 'I'
    })
  }

  override query(...args: unknown[]): never {
    const [text, values] = args
    const name = typeof text === 'string' && args.length <= 2 ? names.get(text) : undefined
    const send = super.query as (...a: unknown[]) => never
    if (!name || this.#stale.has(name) || typeof values === 'function')
      return send.apply(this, args)
    const answer = new Promise((resolve, reject) => {
      // Built from its text and named after: given a config object, node-postgres copies it
      // property by property for every statement (a twentieth of a write's server CPU).
      const query = new pg.Query(text as string, values as unknown[], (error, result) =>
        error ? reject(error) : resolve(result),
      )
      ;(query as pg.Query & { name: string }).name = name
      keepRowLayout(query, name)
      send.call(this, query)
    })
    return answer.catch((error: unknown) => {
      if (!isStalePlan(error)) throw error
      this.#stale.add(name)
      // A lone read is simply sent again; a write's transaction is aborted, and runs again.
      if (this.#idle) return send.apply(this, args)
      throw error
    }) as never
  }
}

// How node-postgres reads a statement's rows, made from the description PostgreSQL sends before
// them (the columns' names and types): a parser a column and an empty row to copy. A prepared
// statement is described again at every run, and node-postgres made it all again each time (a
// twelfth of a write's server CPU, a row of twenty-odd columns read three times a write). Made
// once a statement, and used again while the description is the same.
interface RowLayout {
  fields: pg.FieldDef[]
  parsers: unknown[]
  emptyRow: object
}
interface ResultInside {
  fields: pg.FieldDef[]
  _parsers: unknown[]
  _prebuiltEmptyResultObject: object
  addFields(fields: pg.FieldDef[]): void
}
const layouts = new Map<string, RowLayout>()

const sameFields = (a: readonly pg.FieldDef[], b: readonly pg.FieldDef[]) =>
  a.length === b.length &&
  a.every(
    (field, i) =>
      field.name === b[i]!.name &&
      field.dataTypeID === b[i]!.dataTypeID &&
      field.format === b[i]!.format,
  )

function keepRowLayout(query: pg.Query, name: string) {
  const result = (query as unknown as { _result: ResultInside })._result
  const addFields = result.addFields
  result.addFields = (fields) => {
    const known = layouts.get(name)
    if (known && sameFields(known.fields, fields)) {
      result.fields = fields
      result._parsers = known.parsers
      result._prebuiltEmptyResultObject = known.emptyRow
      return
    }
    addFields.call(result, fields)
    layouts.set(name, {
      fields,
      parsers: result._parsers,
      emptyRow: result._prebuiltEmptyResultObject,
    })
  }
}
