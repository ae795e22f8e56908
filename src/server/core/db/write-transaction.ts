import {
  PostgresDialect,
  sql,
  Transaction,
  type CompiledQuery,
  type DatabaseConnection,
  type Kysely,
  type QueryResult,
} from 'kysely'
import type { Writable } from 'node:stream'
import { escapeLiteral, type PoolClient, type QueryResult as PgResult } from 'pg'
import type { Db } from '#server/core/db/database'
import type { Database } from '#server/core/db/schema'
import { ADVANCE_DATA_VERSION, markDataChanged } from '#server/core/db/data-version'
import { isStalePlan } from '#server/core/db/prepared-statements'

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

/** A statement built and not yet sent. */
export interface Statement {
  execute(): Promise<unknown>
}

/**
 * The statements that end a change (its log entries), sent with its COMMIT on PostgreSQL: if one
 * fails, the transaction does not commit. On SQLite they run at the end of the change's savepoint.
 */
export type Closing<T> = (tx: WriteTx, result: T) => readonly Statement[]

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
  closing?: Closing<T>,
): Promise<T> {
  if (db.dialect === 'postgres') return withRetry(db, work, locks, closing)
  const closed: Work<T> = closing
    ? async (tx) => {
        const result = await work(tx)
        for (const statement of closing(tx, result)) await statement.execute()
        return result
      }
    : work
  return new Promise<T>((resolve, reject) => {
    const writer = groupWriterOf(db)
    writer.queue.push({ work: closed, resolve: resolve as (value: unknown) => void, reject })
    if (!writer.running) void drain(db, writer)
  })
}

// serialization_failure, deadlock_detected, and unique_violation (an insert racing one that no
// lock covered): run the change again, when its reads will see the other transaction's commit.
// And a statement prepared before another instance's migration changed what it returns: run again,
// it is sent unnamed (prepared-statements.ts).
const RETRYABLE = new Set(['40001', '40P01', '23505'])
const MAX_ATTEMPTS = 12

const isRetryable = (error: unknown) =>
  RETRYABLE.has((error as { code?: string } | null)?.code ?? '') || isStalePlan(error)

// The records a change touches, each named by a key ("plots:a1", "people:jo"), locked until
// its transaction ends. All at once and in the order of their hashes, so that two changes never
// hold one each of two locks they both need (a lock already held is taken again at no cost).
// Keys are lower-case, so that two records whose names differ only in case (refused as
// duplicates) are one lock.
function lockStatement(keys: readonly string[]): string {
  const lowered = [...new Set(keys.map((key) => key.toLowerCase()))]
  return `select pg_advisory_xact_lock(h) from (select hashtextextended(k, 0) as h from unnest(array[${lowered.map(escapeLiteral).join(',')}]::text[]) as k order by 1) as ordered`
}

/** Locks more records inside a write, once it has found out it touches them. */
export async function lockRecords(db: Db, tx: WriteTx, keys: readonly string[]) {
  if (db.dialect !== 'postgres' || keys.length === 0) return
  await sql.raw(lockStatement(keys)).execute(tx)
}

// Every round trip to PostgreSQL costs the server CPU and the change its time, so a write's
// statements are pipelined: each is sent the moment it is called, and a change waits only when it
// needs an answer. BEGIN and the locks go with the change's first reads (which PostgreSQL runs
// after them, in order); the closing statements (the log entries) with COMMIT and moving the data
// version on (after the commit, so that no reader can pair the new version with the old data).
// Statements a change calls together (Promise.all) share one round trip, and run in the order
// they were called, on SQLite too.
async function withRetry<T>(
  db: Db,
  work: Work<T>,
  locks: readonly string[],
  closing: Closing<T> | undefined,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inPostgresTransaction(db, locks, work, closing)
    } catch (error) {
      if (!isRetryable(error) || attempt === MAX_ATTEMPTS) throw error
      // A short random wait, growing with each attempt, so that the same two do not collide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** Math.min(attempt, 6)))
    }
  }
}

// The statements of a PostgreSQL write that the change sent and did not wait for, in the order
// they were sent (withoutWaiting).
const notWaitedFor = new WeakMap<WriteTx, Promise<unknown>[]>()

/**
 * A statement whose answer the change does not need, because it fails by itself when it must not
 * happen (a versioned update that checks its version in the database, an insert, a mark). On
 * PostgreSQL it is sent and not waited for: it travels with the statements after it, the COMMIT
 * at the latest, and saves the write a round trip. If it fails, the transaction it aborted does not
 * commit, and the write fails with its error, as if it had been waited for. On SQLite, where an
 * answer costs no round trip, it is waited for.
 */
export async function withoutWaiting(tx: WriteTx, statement: Promise<unknown>): Promise<void> {
  const sent = notWaitedFor.get(tx)
  if (!sent) {
    await statement
    return
  }
  statement.catch(() => undefined)
  sent.push(statement)
}

// The cause of a write's failure: the first of its statements to fail, in the order they ran (those
// after it fail only because the transaction was aborted), or else what the change threw.
async function firstFailure(statements: readonly Promise<unknown>[], otherwise: unknown) {
  for (const statement of statements) {
    try {
      await statement
    } catch (cause) {
      return cause
    }
  }
  return otherwise
}

async function inPostgresTransaction<T>(
  db: Db,
  locks: readonly string[],
  work: Work<T>,
  closing: Closing<T> | undefined,
): Promise<T> {
  const client = await db.pool!.connect()
  let broken: Error | undefined
  const tx = pipelinedHandle(db, client)
  const unawaited: Promise<unknown>[] = []
  notWaitedFor.set(tx, unawaited)
  try {
    // Statements without parameters travel as one (simple query): one statement less to send
    // and answer.
    const begun = sql
      .raw(['begin', ...(locks.length > 0 ? [lockStatement(locks)] : [])].join(';'))
      .execute(tx)
    // Settled before anything waits for it: a lock that fails fails the reads behind it too.
    begun.catch(() => undefined)
    try {
      const result = await work(tx)
      await begun
      await Promise.all([
        ...(closing?.(tx, result) ?? []).map((statement) => statement.execute()),
        sql.raw(`${COMMIT};${ADVANCE_DATA_VERSION}`).execute(tx),
      ])
      return result
    } catch (error) {
      // Answered after every statement before it: all of them have settled when it is.
      await sql`rollback`.execute(tx).catch((lost: Error) => (broken = lost))
      // A failed BEGIN or lock (a deadlock: retried) is the cause of the errors behind it.
      throw await firstFailure([begun, ...unawaited], error)
    }
  } finally {
    notWaitedFor.delete(tx)
    client.release(broken)
  }
}

// A COMMIT of a transaction an error has ended rolls it back without an error of its own.
const COMMIT = 'commit'

const CHANGES_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])

// The write handle of one pooled connection, made once: a statement goes to the connection the
// moment the change calls it (no queue in between, unlike Kysely's own transactions), so the
// statements called together are on the wire together, in the order they were called.
const handles = new WeakMap<PoolClient, WriteTx>()

function pipelinedHandle(db: Db, client: PoolClient): WriteTx {
  let handle = handles.get(client)
  if (handle) return handle
  // Each statement would go to the socket in a system call of its own (writev: a third of a
  // write's CPU): those called in one turn of the event loop are held and go out in one.
  const socket = (client as unknown as { connection: { stream: Writable } }).connection.stream
  let held = false
  const hold = () => {
    if (held) return
    held = true
    socket.cork()
    process.nextTick(() => {
      held = false
      socket.uncork()
    })
  }
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      hold()
      const answer = await client.query(query.sql, query.parameters as unknown[])
      // Several statements in one simple query answer each; the last one's rows are the answer.
      const results: PgResult[] = Array.isArray(answer) ? answer : [answer]
      if (query.sql.startsWith(COMMIT) && results[0]!.command === 'ROLLBACK')
        throw new Error('the transaction was rolled back instead of committed')
      const result = results.at(-1)!
      return {
        rows: (result.rows ?? []) as R[],
        numAffectedRows: CHANGES_ROWS.has(result.command)
          ? BigInt(result.rowCount ?? 0)
          : undefined,
      }
    },
    streamQuery() {
      throw new Error('a write does not stream')
    },
  }
  const dialect = new PostgresDialect({ pool: db.pool! })
  handle = asWriteTx(
    new Transaction<Database>({
      config: { dialect },
      dialect,
      driver: dialect.createDriver(),
      executor: db.kysely
        .getExecutor()
        .withConnectionProvider({ provideConnection: (consume) => consume(connection) }),
    }),
  )
  handles.set(client, handle)
  return handle
}

// SQLite: one transaction on its one connection, taking the write lock at once (BEGIN IMMEDIATE),
// so that no write fails half-way; anything thrown rolls it back.
function inSqliteTransaction<T>(db: Db, work: Work<T>): Promise<T> {
  return db.kysely.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection)
    try {
      const result = await work(asWriteTx(connection))
      await sql`commit`.execute(connection)
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
    await inSqliteTransaction(db, async (tx) => {
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
