import { copiesFor, type Addressee, type Copy } from '#shared/domain/message-copies'
import { messages } from '#shared/messages'
import { COPY_STATUSES } from '#shared/domain/contact-ways'
import type { Audience, MessageBatch, MessageDraft, MessagePlan } from '#shared/schemas/messages'
import type { Config } from '#server/core/config'
import { associationDetails } from '#server/core/db/association-settings'
import type { Db } from '#server/core/db/database'
import { writeTransaction, type ReadTx } from '#server/core/db/write-transaction'
import type { Copies } from '#server/core/email/copies'
import { badRequest } from '#server/core/errors'
import { writeLog } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { findAddressees } from '#server/features/messages/sql'

/** Who the message went to, in the words the list of messages shows. */
function audienceText(audience: Audience, people: number): string {
  switch (audience.kind) {
    case 'plotholders':
      return 'All plot holders'
    case 'waitinglist':
      return 'The waiting list'
    case 'plot':
      return `The tenants of plot ${audience.plotId}`
    case 'unpaid':
      return 'The tenants of unpaid plots'
    case 'people':
      return people === 1 ? 'One person' : `${people} chosen people`
  }
}

// The copies a draft makes, refused when the group is empty.
async function draftCopies(tx: ReadTx, config: Config, draft: MessageDraft) {
  const people: Addressee[] = await findAddressees(tx, draft.audience)
  if (people.length === 0) throw badRequest(messages.emptyGroup)
  const association = await associationDetails(tx, config)
  return { people, copies: copiesFor(people, draft, association) }
}

const count = (copies: Copy[], channel: Copy['channel']) =>
  copies.filter((copy) => copy.channel === channel).length

/** What sending the draft would do, without doing it. */
export async function planMessage(
  db: Db,
  config: Config,
  mailServer: boolean,
  draft: MessageDraft,
): Promise<MessagePlan> {
  const { people, copies } = await draftCopies(db.kysely, config, draft)
  const first = copies[0]!
  return {
    people: people.length,
    email: count(copies, 'email'),
    post: count(copies, 'post'),
    mailServer,
    sample: { personId: first.personId, subject: first.subject, body: first.body },
  }
}

/** Stores the message, every copy and the jobs that send the e-mails, in one transaction. */
export async function queueMessage(
  db: Db,
  config: Config,
  copiesQueue: Copies,
  viewer: Viewer,
  draft: MessageDraft,
) {
  return writeTransaction(db, async (tx) => {
    const { people, copies } = await draftCopies(tx, config, draft)
    const audience = audienceText(draft.audience, people.length)
    const batchId = await copiesQueue.queue(
      tx,
      { subject: draft.subject, body: draft.body, audience, createdBy: viewer.userName },
      copies,
    )
    const email = count(copies, 'email')
    const post = count(copies, 'post')
    await writeLog(
      tx,
      {
        methodName: 'sendMessage',
        eventCollection: 'messages',
        docId: String(batchId),
        userName: viewer.userName,
      },
      { subject: draft.subject, audience, email, post },
    )
    return { batchId, email, post }
  })
}

/** Every message sent, newest first, with its copies counted by what became of them. */
export async function listBatches(db: Db): Promise<MessageBatch[]> {
  const batches = await db.kysely
    .selectFrom('message_batches')
    .select(['id', 'subject', 'audience', 'createdBy', 'createdAt'])
    .orderBy('id', 'desc')
    .limit(200)
    .execute()
  if (batches.length === 0) return []
  // Only the listed batches' copies are counted, through the index on batchId.
  const counts = await db.kysely
    .selectFrom('messages')
    .select((eb) => ['batchId', 'status', eb.fn.countAll<number>().as('copies')])
    .where('batchId', '>=', batches.at(-1)!.id)
    .groupBy(['batchId', 'status'])
    .execute()
  const counted = new Map(counts.map((c) => [`${c.batchId} ${c.status}`, Number(c.copies)]))
  return batches.map((batch) => ({
    ...batch,
    counts: Object.fromEntries(
      COPY_STATUSES.map((status) => [status, counted.get(`${batch.id} ${status}`) ?? 0]),
    ) as MessageBatch['counts'],
  }))
}
