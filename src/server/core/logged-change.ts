import { serverMessages } from '#shared/messages/server'
import type { Db } from '#server/core/db/database'
import { insertInBatches } from '#server/core/db/insert-in-batches'
import { writeTransaction, type WriteTx } from '#server/core/db/write-transaction'
import { AppError } from '#server/core/errors'
import type { Actor } from '#server/core/viewer'

export interface LoggedChange {
  methodName: string
  eventCollection: string
  docId: string
  /** The signed-in user's name, from the session (the immutable one the account began with). */
  userName: string
  /** For security events: the client's address, from the socket, kept with the value. */
  clientAddress?: string
  /** Other records the change touches besides its own (a tenancy's plot), as lock keys. */
  alsoLocks?: readonly string[]
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
  }
}

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
  return writeTransaction(
    db,
    async (tx) => {
      const entries: ReturnType<typeof logRow>[] = []
      const timeStamp = new Date().toISOString()
      const result = await work(tx, (change, value) =>
        entries.push(logRow(change, value, null, timeStamp)),
      )
      await insertInBatches(tx, 'logs', entries)
      return result
    },
    locks,
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
    const logged =
      error instanceof AppError
        ? { status: error.status, message: error.detail }
        : { message: serverMessages.changeFailed }
    await logEvent(db, change, attempted ?? null, logged).catch(() => undefined)
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
  await writeTransaction(db, (tx) =>
    tx
      .insertInto('logs')
      .values(logRow(change, value, error, new Date().toISOString()))
      .execute(),
  )
}
