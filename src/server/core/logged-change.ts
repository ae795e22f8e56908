import { serverMessages } from '#shared/messages/server'
import type { Db } from '#server/core/db/database'
import { batchedInserts } from '#server/core/db/insert-in-batches'
import { reusableStatement } from '#server/core/db/reusable-query'
import { writeTransaction, type Statement, type WriteTx } from '#server/core/db/write-transaction'
import { AppError } from '#server/core/errors'
import { writeSiteLimit } from '#server/core/site-scope'
import type { Actor } from '#server/core/viewer'

export interface LoggedChange {
  methodName: string
  eventCollection: string
  docId: string
  /** The signed-in user's name, from the session (the immutable one the account began with). */
  userName: string
  /** For security events: the client's address (request.ip), kept with the value. */
  clientAddress?: string
  /** Other records the change touches besides its own (a tenancy's plot), as lock keys. */
  alsoLocks?: readonly string[]
  /**
   * The sites whose records the change touches (issue 46, decision 46): a plot's, a tenancy's, a
   * person's plots' and list's. A change learns them from the record it reads, and sets them
   * here before it goes on, so that its entry, or its refused attempt's, names them.
   */
  sites?: readonly number[]
}

/** A change to the account `id`, logged with who made it and from where. */
export const accountChange = (
  methodName: string,
  id: string,
  { viewer, clientAddress }: Actor,
) => ({
  methodName,
  eventCollection: 'users',
  docId: id,
  userName: viewer.userName,
  clientAddress,
})

/** The lock key of a record: its collection and id. */
export const recordKey = (collection: string, id: string) => `${collection}:${id}`

function valueWithAddress(value: unknown, clientAddress: string | undefined): unknown {
  if (clientAddress === undefined) return value ?? null
  const fields = value && typeof value === 'object' && !Array.isArray(value) ? value : {}
  return { ...fields, clientAddress }
}

/** Who a change is logged as when no one signed in made it: a scheduled job, or the public. */
export const SYSTEM = 'system'
export const PUBLIC = 'public'

/** The log's one row: every entry, of a change, an attempt or a security event, is built here. */
function logRow(change: LoggedChange, value: unknown, error: unknown, timeStamp: string) {
  return {
    timeStamp,
    userName: change.userName,
    methodName: change.methodName,
    eventCollection: change.eventCollection,
    docId: change.docId,
    value: JSON.stringify(valueWithAddress(value, change.clientAddress)),
    error: JSON.stringify(error),
    siteIds: writeSiteLimit(change.sites ?? null),
  }
}

type LogRow = ReturnType<typeof logRow>

const LOG_COLUMNS = [
  'timeStamp',
  'userName',
  'methodName',
  'eventCollection',
  'docId',
  'value',
  'error',
  'siteIds',
] as const satisfies ReadonlyArray<keyof LogRow>

const oneEntry = reusableStatement((kysely, ...values: string[]) =>
  kysely
    .insertInto('logs')
    .values(Object.fromEntries(LOG_COLUMNS.map((column, i) => [column, values[i]])) as LogRow),
)

// A change logs one entry or a few, each an INSERT compiled once (building it cost more than
// running it); an import's thousands go in batches of many rows a statement.
function entryInserts(tx: WriteTx, rows: readonly LogRow[]): readonly Statement[] {
  if (rows.length > FEW_ENTRIES) return batchedInserts(tx, 'logs', rows)
  return rows.map((row) => ({ execute: () => oneEntry(tx, ...LOG_COLUMNS.map((c) => row[c])) }))
}
const FEW_ENTRIES = 8

/** Records a log entry of the write under way; the entries go in with the write, or not at all. */
export type LogEntry = (change: LoggedChange, value: unknown) => void

/**
 * A write whose log entries are recorded as it goes, for a change of many records (a rent year's
 * invoices, an import) or one that logs each step it takes (a deadline's reminders): one
 * transaction holding the `locks`, and every entry `log` was given, written at its end.
 */
export function loggedWrite<T>(
  db: Db,
  locks: readonly string[],
  work: (tx: WriteTx, log: LogEntry) => Promise<T>,
): Promise<T> {
  // Each attempt (PostgreSQL may run the work again) logs its own entries; they go in with its
  // COMMIT, or not at all.
  let entries: LogRow[] = []
  return writeTransaction(
    db,
    (tx) => {
      const logged: typeof entries = (entries = [])
      const timeStamp = new Date().toISOString()
      return work(tx, (change, value) => logged.push(logRow(change, value, null, timeStamp)))
    },
    locks,
    (tx) => entryInserts(tx, entries),
  )
}

/** The answer of a change that found its work already done (a payment sent twice): not logged again. */
export class AlreadyDone<T> {
  constructor(readonly value: T) {}
}

/**
 * The answer of a change whose entry must name another record than the one it began with: an
 * erased person's, under the id their record has now (the old one was theirs).
 */
export class LoggedAs<T> {
  constructor(
    readonly value: T,
    readonly docId: string,
  ) {}
}

// Runs one change in one write transaction together with its log entry. The change's own record
// and any others it names are locked first (on PostgreSQL; decision 13). A refused or failed
// change rolls back whole, and is then logged on its own with its error, so that the log shows
// attempts as well as successes.
export async function loggedChange<T>(
  db: Db,
  change: LoggedChange,
  work: (tx: WriteTx, log: LogEntry) => Promise<T | AlreadyDone<T> | LoggedAs<T>>,
  attempted?: unknown,
): Promise<T> {
  try {
    const locks = [recordKey(change.eventCollection, change.docId), ...(change.alsoLocks ?? [])]
    return await loggedWrite(db, locks, async (tx, log) => {
      const result = await work(tx, log)
      if (result instanceof AlreadyDone) return result.value
      if (result instanceof LoggedAs) {
        log({ ...change, docId: result.docId }, result.value)
        return result.value
      }
      log(change, result)
      return result
    })
  } catch (error) {
    await logRefusal(db, change, attempted, error)
    throw error
  }
}

/**
 * A change refused or failed, logged on its own with its error: by loggedChange, or by a write
 * that refuses before it begins (a record beyond the viewer's sites, read first). A failure to
 * log is not the caller's: the refusal is what it answers.
 */
export async function logRefusal(
  db: Db,
  change: LoggedChange,
  attempted: unknown,
  error: unknown,
): Promise<void> {
  const logged =
    error instanceof AppError
      ? { status: error.status, message: error.detail }
      : { message: serverMessages.changeFailed }
  await logEvent(db, change, attempted ?? null, logged).catch(() => undefined)
}

/**
 * Runs work that is not one loggedChange (a write of many entries, or the reading before it) and
 * logs its refusal for a record beyond the viewer's sites (403) as a refused change is (decision
 * 46); its other refusals are the work's own to log or not.
 */
export async function refusalsBeyondScopeLogged<T>(
  db: Db,
  change: LoggedChange,
  attempted: unknown,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof AppError && error.status === 403)
      await logRefusal(db, change, attempted, error)
    throw error
  }
}

/** One log entry on its own: a security event (a sign-in, a refusal), or a refused change. */
export async function logEvent(
  db: Db,
  change: LoggedChange,
  value: unknown = null,
  error: unknown = null,
) {
  const row = logRow(change, value, error, new Date().toISOString())
  // The entry is the transaction's closing statement: on PostgreSQL it goes with BEGIN and COMMIT.
  await writeTransaction(
    db,
    async () => undefined,
    [],
    (tx) => entryInserts(tx, [row]),
  )
}
