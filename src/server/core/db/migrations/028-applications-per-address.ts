import { sql, type Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 42: an application made with an address another application is waiting on is kept as an
// application of its own, with its own link, instead of replacing the first one's details (anyone
// could put their name on the list under someone else's address). So an address may have several
// applications not yet confirmed: its column is no longer unique, only indexed.
export function applicationsPerAddress({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`alter table applications drop constraint applications_email_key`.execute(db)
      } else {
        await rebuildSqliteTable(db)
      }
      await db.schema.createIndex('applications_email').on('applications').column('email').execute()
    },
  }
}

// SQLite cannot drop a column's UNIQUE: the table is made again as migration 013 made it, less
// that, its rows copied with their ids, and its id sequence carried on (an expiry job names an
// application by id, so an id is never given twice).
async function rebuildSqliteTable(db: Kysely<unknown>) {
  await db.schema
    .createTable('applications_028')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('firstName', 'text', (c) => c.notNull())
    .addColumn('lastName', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phoneNumber', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('tokenHash', 'text')
    .addColumn('tokenExpiresAt', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('confirmedAt', 'text')
    .execute()
  await sql`insert into applications_028 select * from applications`.execute(db)
  const sequence = await sql<{ seq: number }>`
    select seq from sqlite_sequence where name = 'applications'`.execute(db)
  await db.schema.dropTable('applications').execute()
  await sql`alter table applications_028 rename to applications`.execute(db)
  const last = sequence.rows[0]?.seq
  if (last !== undefined) {
    await sql`delete from sqlite_sequence where name = 'applications'`.execute(db)
    await sql`insert into sqlite_sequence (name, seq) values ('applications', ${last})`.execute(db)
  }
}
