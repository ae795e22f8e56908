import { sql, type Kysely, type Transaction } from 'kysely'
import type { Db } from '#server/core/db/database'
import type { Database } from '#server/core/db/schema'
import { markDataChanged } from '#server/core/db/data-version'

export type Tx = Kysely<Database> | Transaction<Database>

type Work<T> = (tx: Tx) => Promise<T>

// One writer at a time, on both engines. SQLite allows only one writer anyway; taking the lock
// at BEGIN (IMMEDIATE) means a transaction never fails half-way on a lock upgrade. PostgreSQL
// gets the same rule from a transaction-scoped advisory lock, which every app instance sharing
// the database respects: rules such as "at most four tenants" then hold across instances,
// without deadlock-prone row-lock ordering. Reads never wait for it.
const WRITE_LOCK_KEY = 7_041_955

export function writeTransaction<T>(db: Db, work: Work<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const writer = groupWriterOf(db)
    writer.queue.push({ work, resolve: resolve as (value: unknown) => void, reject })
    if (!writer.running) void drain(db, writer)
  })
}

// Being the only writer, each engine its own way; `body` runs once the lock is held.
function asOnlyWriter(db: Db, body: (tx: Tx) => Promise<void>): Promise<void> {
  if (db.dialect === 'postgres') {
    return db.kysely.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(${WRITE_LOCK_KEY})`.execute(tx)
      await body(tx)
    })
  }
  return db.kysely.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection)
    try {
      await body(connection)
      await sql`commit`.execute(connection)
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

// Group commit. Each COMMIT waits for the disk (SQLite runs synchronous=FULL), and that wait,
// not the work, bounded the writes per second; on PostgreSQL, writers queueing for the lock
// also held a pooled connection each, starving the reads. Writes that queue up while one
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
// we waited for it (behind the reads of requests already under way, or another instance's
// group) joins this commit.
async function commitGroup(db: Db, writer: GroupWriter) {
  let group: QueuedWrite[] = []
  const outcomes: Array<() => void> = []
  try {
    await asOnlyWriter(db, async (tx) => {
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
async function runInSavepoint(
  connection: Kysely<Database>,
  write: QueuedWrite,
): Promise<() => void> {
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
