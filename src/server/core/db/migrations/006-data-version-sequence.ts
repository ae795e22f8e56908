import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'

// PostgreSQL writers no longer take turns (docs/decisions/0013), so they cannot all rewrite one
// data-version row: the version is this database's epoch (a random value, new for every
// database) and a sequence every commit advances, which takes no lock.
export function dataVersionSequence({ dialect }: { dialect: 'sqlite' | 'postgres' }) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return
      await sql`create sequence if not exists data_version_seq`.execute(db)
      // Called once, so that last_value changes with the very first write.
      await sql`select nextval('data_version_seq')`.execute(db)
      await sql`insert into app_settings (key, value) values ('data-version', ${randomUUID()})
        on conflict (key) do nothing`.execute(db)
    },
  }
}
