import type { Kysely } from 'kysely'

// Issue 30: a person whose details were erased keeps a record, under a neutral name ("Former
// member 12"), for the accounts that must stay; the day it was erased marks it, and its number.
export function erasedPeople() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('people').addColumn('erasedOn', 'text').execute()
    },
  }
}
