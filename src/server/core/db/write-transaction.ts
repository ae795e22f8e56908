import { sql, type Kysely, type Transaction } from 'kysely'
import type { Db } from '#server/core/db/database'
import type { Database } from '#server/core/db/schema'
import { escapeLiteral } from 'pg'
import { ADVANCE_DATA_VERSION, markDataChanged } from '#server/core/db/data-version'

declare const writeHandle: unique symbol

/**
 * The handle a write's callback gets: the only one that can change rows. A distinct type from
 * `Db` and `db.kysely` (what reads use), so that a function made for writing cannot be handed a
 * read handle, and a write is always inside writeTransaction.
 */
export type WriteTx = Transaction<Database> & { readonly [writeHandle]: true }

/** Either handle, for a query that only reads: inside a write (fresh rows) or outside it. */
export type ReadTx = Kysely<Database> | WriteTx

type Work<T> = (tx: WriteTx) => Promise<T>

const asWriteTx = (tx: Kysely<Database>) => tx as WriteTx

/**
 * Runs one change in one transaction. The rules that span rows (at most four tenants a plot, a
 * person's plots agreeing with the plots' tenants, a stale version refused) hold on both engines
 * and across instances, each engine its own way (docs/decisions/0013):
 * - SQLite has one writer anyway: writes that arrive together share one BEGIN IMMEDIATE and one
 *   durable COMMIT, each in its own savepoint (group commit, decision 11).
 * - PostgreSQL runs each change in its own transaction, side by side with the others; a change
 *   first locks the records it touches (`locks`, as keys), so two changes wait for each other
 *   only when they touch the same plot, person or account.
 * The callback may run more than once on PostgreSQL: it must only read and write through `tx`.
 */
export function writeTransaction<T>(
  db: Db,
  work: Work<T>,
  locks: readonly string[] = [],
): Promise<T> {
  if (db.dialect === 'postgres') return withRetry(db, work, locks)
  return new Promise<T>((resolve, reject) => {
    const writer = groupWriterOf(db)
    writer.queue.push({ work, resolve: resolve as (value: unknown) => void, reject })
    if (!writer.running) void drain(db, writer)
  })
}

// serialization_failure, deadlock_detected, and unique_violation (an insert racing one that no
// lock covered): run the change again, when its reads will see the other transaction's commit.
const RETRYABLE = new Set(['40001', '40P01', '23505'])
const MAX_ATTEMPTS = 12

const isRetryable = (error: unknown) =>
  RETRYABLE.has((error as { code?: string } | null)?.code ?? '')

// The records a change touches, each named by a key ("plots:a1", "people:jo"), locked until
// its transaction ends. All at once and in the order of their hashes, so that two changes never
// hold one each of two locks they both need (a lock already held is taken again at no cost).
// Keys are lower-case, so that two records whose names differ only in case (refused as
// duplicates) are one lock.
function lockStatement(keys: readonly string[]): string {
  const lowered = [...new Set(keys.map((key) => key.toLowerCase()))]
  if (lowered.length === 0) return ''
  return `select pg_advisory_xact_lock(h) from (select hashtextextended(k, 0) as h from unnest(array[${lowered.map(escapeLiteral).join(',')}]::text[]) as k order by 1) as ordered`
}

/** Locks more records inside a write, once it has found out it touches them. */
export async function lockRecords(db: Db, tx: WriteTx, keys: readonly string[]) {
  if (db.dialect !== 'postgres' || keys.length === 0) return
  await sql.raw(lockStatement(keys)).execute(tx)
}

// Every round trip to PostgreSQL costs the server CPU, so the transaction's edges share theirs:
// BEGIN goes with the locks, COMMIT with moving the data version on (after the commit, so that
// no reader can pair the new version with the old data). Statements without parameters travel
// together in one simple query.
async function withRetry<T>(db: Db, work: Work<T>, locks: readonly string[]): Promise<T> {
  const begin = ['begin', lockStatement(locks)].filter(Boolean).join(';')
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(db, begin, `commit;${ADVANCE_DATA_VERSION}`, work)
    } catch (error) {
      if (!isRetryable(error) || attempt === MAX_ATTEMPTS) throw error
      // A short random wait, growing with each attempt, so that the same two do not collide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** Math.min(attempt, 6)))
    }
  }
}

// One transaction on one connection, opened and closed by the engine's own statements; anything
// thrown rolls it back.
function inTransaction<T>(db: Db, begin: string, commit: string, work: Work<T>): Promise<T> {
  return db.kysely.connection().execute(async (connection) => {
    await sql.raw(begin).execute(connection)
    try {
      const result = await work(asWriteTx(connection))
      await sql.raw(commit).execute(connection)
      return result
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined)
      throw error
    }
  })
}

interface QueuedWrite {
  work: Work<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

interface GroupWriter {
  queue: QueuedWrite[]
  running: boolean
}

// Group commit (SQLite). Each COMMIT waits for the disk (synchronous=FULL), and that wait,
// not the work, bounded the writes per second. Writes that queue up while one
// commit is under way therefore go together into the next transaction, each inside its own
// savepoint: they run one after another exactly as before, a refused write rolls back only its
// own changes, and nobody hears "saved" until the single COMMIT holding their write is on disk.
// If that COMMIT fails, every write in it is told so, and none of them is stored.
const MAX_GROUP = 64
const writers = new WeakMap<Db, GroupWriter>()

function groupWriterOf(db: Db): GroupWriter {
  let writer = writers.get(db)
  if (!writer) writers.set(db, (writer = { queue: [], running: false }))
  return writer
}

async function drain(db: Db, writer: GroupWriter) {
  writer.running = true
  try {
    while (writer.queue.length > 0) {
      // better-sqlite3 answers synchronously, so a request can run from its socket to its
      // commit without the event loop ever turning; one turn lets the requests that arrived
      // with it reach the queue too.
      await new Promise(setImmediate)
      await commitGroup(db, writer)
    }
  } finally {
    writer.running = false
  }
}

// The group is taken from the queue only once the lock is ours: every write that arrived while
// we waited for it (behind the reads of requests already under way) joins this commit.
async function commitGroup(db: Db, writer: GroupWriter) {
  let group: QueuedWrite[] = []
  const outcomes: Array<() => void> = []
  try {
    // SQLite: BEGIN IMMEDIATE takes the write lock at once, so no write fails half-way.
    await inTransaction(db, 'begin immediate', 'commit', async (tx) => {
      group = writer.queue.splice(0, MAX_GROUP)
      for (const write of group) outcomes.push(await runInSavepoint(tx, write))
      await markDataChanged(tx)
    })
  } catch (error) {
    for (const write of group) write.reject(error)
    return
  }
  for (const settle of outcomes) settle()
}
async function runInSavepoint(connection: WriteTx, write: QueuedWrite): Promise<() => void> {
  await sql`savepoint queued_write`.execute(connection)
  try {
    const result = await write.work(connection)
    await sql`release queued_write`.execute(connection)
    return () => write.resolve(result)
  } catch (error) {
    await sql`rollback to queued_write`.execute(connection)
    await sql`release queued_write`.execute(connection)
    return () => write.reject(error)
  }
}
