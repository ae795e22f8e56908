import type { Insertable } from 'kysely'
import type { StillWantAnswersTable } from '#server/core/db/schema'
import { insertInBatches } from '#server/core/db/insert-in-batches'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The yearly question's tables: a round per year, and an answer row (with its link's hash) per
// person asked.

export async function yearAsked(tx: ReadTx, year: string): Promise<boolean> {
  const row = await tx
    .selectFrom('still_want_rounds')
    .select('id')
    .where('year', '=', year)
    .executeTakeFirst()
  return row !== undefined
}

/** Stores a year's round, open until it is closed; its id. */
export async function insertRound(
  tx: WriteTx,
  round: { year: string; askedOn: string; closesOn: string },
): Promise<number> {
  const { id } = await tx
    .insertInto('still_want_rounds')
    .values({ ...round, closedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export function roundById(tx: ReadTx, id: number) {
  return tx.selectFrom('still_want_rounds').selectAll().where('id', '=', id).executeTakeFirst()
}

export function insertAnswers(
  tx: WriteTx,
  answers: ReadonlyArray<Insertable<StillWantAnswersTable>>,
): Promise<void> {
  return insertInBatches(tx, 'still_want_answers', answers)
}

/** Who was asked in the round and has not answered. */
export async function unanswered(tx: ReadTx, roundId: number): Promise<string[]> {
  const rows = await tx
    .selectFrom('still_want_answers')
    .select('personId')
    .where('roundId', '=', roundId)
    .where('answeredAt', 'is', null)
    .execute()
  return rows.map((row) => row.personId)
}

/** Closes the round: its links stop working. */
export async function closeRound(tx: WriteTx, roundId: number, closedAt: Date): Promise<void> {
  await tx
    .updateTable('still_want_answers')
    .set({ tokenHash: null })
    .where('roundId', '=', roundId)
    .execute()
  await tx
    .updateTable('still_want_rounds')
    .set({ closedAt: closedAt.toISOString() })
    .where('id', '=', roundId)
    .execute()
}

// An answer row with its round, while the round is open.
const openAnswers = (tx: ReadTx) =>
  tx
    .selectFrom('still_want_answers')
    .innerJoin('still_want_rounds', 'still_want_rounds.id', 'still_want_answers.roundId')
    .select([
      'still_want_answers.id',
      'still_want_answers.personId',
      'still_want_answers.answeredAt',
      'still_want_rounds.closesOn',
      'still_want_rounds.year',
    ])
    .where('still_want_rounds.closedAt', 'is', null)

export type OpenAnswer = NonNullable<Awaited<ReturnType<typeof answerWithTokenHash>>>

/** The answer a link's hash stands for, while its round is open. */
export function answerWithTokenHash(tx: ReadTx, hash: string) {
  return openAnswers(tx).where('still_want_answers.tokenHash', '=', hash).executeTakeFirst()
}

/** The person's question in the round still open, answered or not (My allotment, issue 29). */
export function openAnswerOf(tx: ReadTx, personId: string) {
  return openAnswers(tx)
    .where('still_want_answers.personId', '=', personId)
    .orderBy('still_want_rounds.id', 'desc')
    .executeTakeFirst()
}

/** Records the answer; its link is single-use. */
export async function markAnswered(tx: WriteTx, answerId: number, at: Date): Promise<void> {
  await tx
    .updateTable('still_want_answers')
    .set({ answeredAt: at.toISOString(), tokenHash: null })
    .where('id', '=', answerId)
    .execute()
}
