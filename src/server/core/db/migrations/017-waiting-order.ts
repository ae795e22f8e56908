import type { Kysely } from 'kysely'
import { waitingListMessages } from '#shared/messages/waiting-list'
import type { Database } from '#server/core/db/schema'

// Issue 28, part 3: the waiting list is ordered by the date of joining, then the time of joining,
// then the order of entry, and everyone's history there starts at their join. A person keeps the
// moment they joined (`joinedWaitingListAt`, '' when only the date is known) and their order of
// entry (`waitingListEntry`, the id of the waiting-list event that gave them their place).
//
// Those already there keep their order except where it tied on a date, then it follows their
// join: the moment and id of their last 'joined' event where they have one. Those on the list
// with no join at all (imported, or there before the history was kept) are given one, numbered
// below every event kept so far, in their old order (date, then nickname): it comes first in
// their history, and before any later entry in the order.
export function waitingOrder() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('people')
        .addColumn('joinedWaitingListAt', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await db.schema
        .alterTable('people')
        .addColumn('waitingListEntry', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await backfillWaitingListJoins(db as unknown as Kysely<Database>)
    },
  }
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The join of each person on record: their last 'joined' event, or one written now. */
export async function backfillWaitingListJoins(db: Kysely<Database>): Promise<void> {
  const joins = await db
    .selectFrom('waiting_list_events')
    .select(['id', 'personId', 'createdAt'])
    .where('event', '=', 'joined')
    .orderBy('id')
    .execute()
  const lastJoin = new Map(joins.map((join) => [join.personId, join]))
  const people = await db
    .selectFrom('people')
    .select(['id', 'joinedWaitingList', 'onWaitingList'])
    .execute()
  for (const person of people) {
    const join = lastJoin.get(person.id)
    if (!join) continue
    await db
      .updateTable('people')
      .set({ joinedWaitingListAt: join.createdAt, waitingListEntry: join.id })
      .where('id', '=', person.id)
      .execute()
  }
  const first = await db
    .selectFrom('waiting_list_events')
    .select((eb) => eb.fn.min('id').as('id'))
    .executeTakeFirst()
  const unjoined = people
    .filter((person) => person.onWaitingList && !lastJoin.has(person.id))
    .sort(
      (a, b) => compareText(a.joinedWaitingList, b.joinedWaitingList) || compareText(a.id, b.id),
    )
  const below = Math.min(Number(first?.id ?? 1), 1) - unjoined.length - 1
  for (const [index, person] of unjoined.entries()) {
    const id = below + index
    await db
      .insertInto('waiting_list_events')
      .values({
        id,
        personId: person.id,
        event: 'joined',
        reason: waitingListMessages.joinedBeforeHistory,
        createdBy: 'system',
        createdAt: `${person.joinedWaitingList}T00:00:00.000Z`,
      })
      .execute()
    await db
      .updateTable('people')
      .set({ waitingListEntry: id })
      .where('id', '=', person.id)
      .execute()
  }
}
