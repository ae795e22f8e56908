import type { SentMessage } from '#shared/schemas/messages'
import type { TextColumns } from '#server/core/db/rewrite-texts'
import { scrubText, scrubTextOfRows } from '#server/core/db/scrub'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { Erasure, ErasureLeftovers, PeopleMerge } from '#server/core/hooks'
import { readSiteLimit, seesSite, type SiteScope } from '#server/core/site-scope'

// Reading what was sent: the batches and copies the core's copies (copies.ts) keep. Features show
// them (the list of messages, a person's page, the letters to print) through these functions,
// never by reading the tables themselves.

/**
 * Whether a batch is within the scope (decision 50): every site it names is (its copies hold the
 * addresses of the people of those sites); one naming none is the organisation's.
 */
export function batchInScope(scope: SiteScope, siteIds: string): boolean {
  if (scope.sites === null) return true
  const named = readSiteLimit(siteIds)
  return named !== null && named.every((id) => seesSite(scope, id))
}

/**
 * The latest batches of the scope, newest first. A limited scope reads every batch's sites first
 * (a short column of a table of hundreds of rows) and then those it may see.
 */
export async function latestBatches(tx: ReadTx, scope: SiteScope, limit: number) {
  const query = tx
    .selectFrom('message_batches')
    .select(['id', 'subject', 'audience', 'createdBy', 'createdAt'])
    .orderBy('id', 'desc')
    .limit(limit)
  if (scope.sites === null) return query.execute()
  const all = await tx
    .selectFrom('message_batches')
    .select(['id', 'siteIds'])
    .orderBy('id', 'desc')
    .execute()
  const seen = all.filter((batch) => batchInScope(scope, batch.siteIds)).slice(0, limit)
  return seen.length
    ? query
        .where(
          'id',
          'in',
          seen.map((batch) => batch.id),
        )
        .execute()
    : []
}

/** The sites a batch names, if there is one. */
export async function batchSites(tx: ReadTx, batchId: number): Promise<string | undefined> {
  const row = await tx
    .selectFrom('message_batches')
    .select('siteIds')
    .where('id', '=', batchId)
    .executeTakeFirst()
  return row?.siteIds
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

/** The e-mail copies that have reached no one yet, by status (those sent are left out). */
export async function unsentEmails(
  tx: ReadTx,
): Promise<Partial<Record<SentMessage['status'], number>>> {
  const rows = await tx
    .selectFrom('messages')
    .select((eb) => ['status', eb.fn.countAll<number>().as('copies')])
    .where('channel', '=', 'email')
    .where('status', 'in', ['queued', 'sending', 'failed', 'interrupted', 'outbox'])
    .groupBy('status')
    .execute()
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.copies)]))
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

/**
 * Letters to print: every one of a batch; or printed for everyone (a notice board, the AGM pack):
 * each letter of the batch and the e-mail of each person it sent no letter, a page each; or one
 * copy sent to one person (their own page).
 */
export type LetterSet = { batchId: number; everyone?: boolean } | { id: number; personId: string }

const letters = (tx: ReadTx, set: LetterSet) => {
  const query = tx.selectFrom('messages')
  if ('id' in set)
    return query
      .where('channel', '=', 'post')
      .where('id', '=', set.id)
      .where('personId', '=', set.personId)
  const batch = query.where('batchId', '=', set.batchId)
  if (!set.everyone) return batch.where('channel', '=', 'post')
  return batch.where((eb) =>
    eb.or([
      eb('channel', '=', 'post'),
      eb(
        'personId',
        'not in',
        eb
          .selectFrom('messages as letter')
          .select('letter.personId')
          .where('letter.batchId', '=', set.batchId)
          .where('letter.channel', '=', 'post'),
      ),
    ]),
  )
}

/** Whether the set has any letter to print, and when its first was written. */
export function firstLetter(tx: ReadTx, set: LetterSet) {
  return letters(tx, set).select(['id', 'createdAt']).orderBy('id').limit(1).executeTakeFirst()
}

/** The set's letters after the copy `afterId`, at most `limit`, in the order they were made. */
export function lettersAfter(tx: ReadTx, set: LetterSet, afterId: number, limit: number) {
  return letters(tx, set)
    .select(['id', 'personId', 'channel', 'recipient', 'subject', 'body', 'attachment'])
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
 * A merge (issue 46): the letters and e-mails sent to the merged record are the kept record's,
 * each as it was sent (to the name and address it went to).
 */
export async function moveCopies(tx: WriteTx, { kept, merged }: PeopleMerge) {
  const copies = await tx
    .updateTable('messages')
    .set({ personId: kept.id })
    .where('personId', '=', merged.id)
    .returning('id')
    .execute()
  return { messages: copies.length }
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
