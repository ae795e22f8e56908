import { sql, type Kysely, type Transaction } from 'kysely'
import type { Db } from './database.ts'
import type { Database } from './schema.ts'
import { markDataChanged } from './data-version.ts'

export type Tx = Kysely<Database> | Transaction<Database>

// One writer at a time, on both engines. SQLite allows only one writer anyway; taking the lock
// at BEGIN (IMMEDIATE) means a transaction never fails half-way on a lock upgrade. PostgreSQL
// gets the same rule from a transaction-scoped advisory lock, which every app instance sharing
// the database respects: rules such as "at most four tenants" then hold across instances,
// without deadlock-prone row-lock ordering. Reads never wait for it.
const WRITE_LOCK_KEY = 7_041_955

export async function writeTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') {
    return db.kysely.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(${WRITE_LOCK_KEY})`.execute(tx)
      const result = await work(tx)
      await markDataChanged(tx)
      return result
    })
  }
  return db.kysely.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection)
    try {
      const result = await work(connection)
      await markDataChanged(connection)
      await sql`commit`.execute(connection)
      return result
    } catch (error) {
      await sql`rollback`.execute(connection)
      throw error
    }
  })
}
