import type { Kysely } from 'kysely'
import type { Database } from '#server/core/db/schema'
import { freeReference } from '#server/core/references'

// Issue 44: a person has a title ("Mrs", which letters greet them by) and the committee's notes
// about them, and a reference, with which anyone on the waiting list finds their place at "Where
// am I on the list?", however they came onto it (until now only those who applied on the website
// had one, on their application). Everyone on record is given one here: those who applied keep
// their application's, the others a new one that no person and no application holds. An erased
// record has none.
export function personTitleNotesReference() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('people')
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await db.schema
        .alterTable('people')
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await db.schema.alterTable('people').addColumn('reference', 'text').execute()
      await giveReferences(db as unknown as Kysely<Database>)
      await db.schema
        .createIndex('people_reference')
        .unique()
        .on('people')
        .column('reference')
        .execute()
    },
  }
}

/**
 * Gives everyone on record without a reference one: those who applied on the website their
 * application's, the others one that no person and no application holds.
 */
export async function giveReferences(db: Kysely<Database>): Promise<void> {
  const applications = await db
    .selectFrom('applications')
    .select(['nickname', 'reference', 'confirmedAt'])
    .execute()
  const applied = new Map(
    applications
      .filter((application) => application.confirmedAt !== null)
      .map((application) => [application.nickname, application.reference]),
  )
  const people = await db
    .selectFrom('people')
    .select(['id', 'reference'])
    .where('erasedOn', 'is', null)
    .orderBy('id')
    .execute()
  const taken = new Set([
    ...applications.map((application) => application.reference),
    ...people.flatMap((person) => (person.reference === null ? [] : [person.reference])),
  ])
  for (const { id } of people.filter((person) => person.reference === null)) {
    const reference = applied.get(id) ?? (await freeReference((drawn) => taken.has(drawn)))
    taken.add(reference)
    await db.updateTable('people').set({ reference }).where('id', '=', id).execute()
  }
}
