import type { SentMessage } from '#shared/schemas/messages'
import type { TextColumns } from '#server/core/db/rewrite-texts'
import { scrubText, scrubTextOfRows } from '#server/core/db/scrub'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { Erasure, ErasureLeftovers } from '#server/core/hooks'

// Reading what was sent: the batches and copies the core's copies (copies.ts) keep. Features show
// them (the list of messages, a person's page, the letters to print) through these functions,
// never by reading the tables themselves.

/** The latest batches, newest first. */
export function latestBatches(tx: ReadTx, limit: number) {
  return tx
    .selectFrom('message_batches')
    .select(['id', 'subject', 'audience', 'createdBy', 'createdAt'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/**
 * How many copies of each batch from `firstBatchId` on are in each status (through the index on
 * batchId, so that only the batches listed are counted).
 */
export async function copyCountsFrom(
  tx: ReadTx,
  firstBatchId: number,
): Promise<Array<{ batchId: number; status: SentMessage['status']; copies: number }>> {
  const rows = await tx
    .selectFrom('messages')
    .select((eb) => ['batchId', 'status', eb.fn.countAll<number>().as('copies')])
    .where('batchId', '>=', firstBatchId)
    .groupBy(['batchId', 'status'])
    .execute()
  return rows.map((row) => ({ ...row, copies: Number(row.copies) }))
}

const copyColumns = [
  'id',
  'batchId',
  'personId',
  'channel',
  'recipient',
  'subject',
  'status',
  'attempts',
  'lastError',
  'createdAt',
  'sentAt',
] as const

/** What one person was sent, newest first. */
export function copiesTo(tx: ReadTx, personId: string): Promise<SentMessage[]> {
  return tx
    .selectFrom('messages')
    .select(copyColumns)
    .where('personId', '=', personId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute()
}

/** What one person was sent, with the text as sent, oldest first: their copy of what is held. */
export function copiesWithTextTo(tx: ReadTx, personId: string) {
  return tx
    .selectFrom('messages')
    .select(['channel', 'recipient', 'subject', 'body', 'status', 'createdAt', 'sentAt'])
    .where('personId', '=', personId)
    .orderBy('id')
    .execute()
}

/** Every copy of one batch, in the order they were made. */
export function copiesOf(tx: ReadTx, batchId: number): Promise<SentMessage[]> {
  return tx
    .selectFrom('messages')
    .select(copyColumns)
    .where('batchId', '=', batchId)
    .orderBy('id')
    .execute()
}

/** Letters to print: every one of a batch, or one copy sent to one person (their own page). */
export type LetterSet = { batchId: number } | { id: number; personId: string }

const letters = (tx: ReadTx, set: LetterSet) => {
  const query = tx.selectFrom('messages').where('channel', '=', 'post')
  return 'batchId' in set
    ? query.where('batchId', '=', set.batchId)
    : query.where('id', '=', set.id).where('personId', '=', set.personId)
}

/** Whether the set has any letter to print, and when its first was written. */
export function firstLetter(tx: ReadTx, set: LetterSet) {
  return letters(tx, set).select(['id', 'createdAt']).orderBy('id').limit(1).executeTakeFirst()
}

/** The set's letters after the copy `afterId`, at most `limit`, in the order they were made. */
export function lettersAfter(tx: ReadTx, set: LetterSet, afterId: number, limit: number) {
  return letters(tx, set)
    .select(['id', 'recipient', 'subject', 'body', 'attachment'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
}

/**
 * A person's erasure: the copies sent to them stay (when, how, whether it arrived), made out to
 * the marker without their address or text; the batches and the copies' errors lose what
 * identifies them.
 */
export async function eraseCopies(tx: WriteTx, erasure: Erasure): Promise<ErasureLeftovers> {
  const copies = await tx
    .updateTable('messages')
    .set({ personId: erasure.newId, recipient: erasure.marker, body: '' })
    .where('personId', '=', erasure.id)
    .returning('id')
    .execute()
  await scrubText(tx, 'messages', ['subject', 'lastError'], erasure.details, erasure.marker, {
    column: 'personId',
    in: [erasure.newId],
  })
  await scrubText(
    tx,
    'message_batches',
    ['subject', 'body', 'audience'],
    erasure.identifying,
    erasure.marker,
  )
  return { outboxFiles: copies.map((copy) => `message-${copy.id}`) }
}

/**
 * A person's erasure, in everyone's copies: a letter or e-mail to someone else that quotes them (an
 * inspector's note in a co-tenant's notice) names the marker instead. The copies changed, by id,
 * for their outbox e-mails to be written again.
 */
export function scrubCopiesNaming(tx: WriteTx, erasure: Erasure): Promise<number[]> {
  return scrubTextOfRows(tx, 'messages', COPY_TEXTS.columns, erasure.identifying, erasure.marker)
}

/** The texts of the copies that an erasure rewrites in retention's one reading of them. */
export const COPY_TEXTS: TextColumns<'messages'> = {
  table: 'messages',
  columns: ['subject', 'body'],
}

/** The e-mail copies that carry any of these attachments (`inspection-notice:4`), by id. */
export async function copiesCarrying(tx: ReadTx, attachments: readonly string[]) {
  if (attachments.length === 0) return []
  const rows = await tx
    .selectFrom('messages')
    .select('id')
    .where('attachment', 'in', [...attachments])
    .where('channel', '=', 'email')
    .execute()
  return rows.map((row) => row.id)
}
