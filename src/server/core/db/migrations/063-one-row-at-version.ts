import { sql, type Kysely } from 'kysely'

// Issue 49: a versioned update on PostgreSQL checks its version in the database (versioned.ts),
// so that a write need not wait for its answer before it commits. The UPDATE counts the rows it
// changed and hands the count to this function, which fails the statement, and so the
// transaction, unless there is exactly one. SQLite's writes wait for their answers: it needs none.
export function oneRowAtVersion({ dialect }: { dialect: 'sqlite' | 'postgres' }) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return
      await sql`create or replace function one_row_at_version(changed bigint) returns bigint
        language plpgsql as $$
        begin
          if changed <> 1 then
            raise exception 'the row is not at the version the change was made against'
              using errcode = 'V0409';
          end if;
          return changed;
        end $$`.execute(db)
    },
  }
}
