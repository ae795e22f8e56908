import { copiesFor, fullName, type Copy } from '#shared/domain/message-copies'
import { mailMessages } from '#shared/messages/mail'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { COPY_STATUSES } from '#shared/domain/contact-ways'
import { longDate } from '#shared/domain/dates'
import type {
  Audience,
  MessageBatch,
  MessageDraft,
  MessagePlan,
  SentMessage,
} from '#shared/schemas/messages'
import type { Clock } from '#server/core/clock'
import type { Config } from '#server/core/config'
import { associationDetails } from '#server/core/db/association-settings'
import type { Db } from '#server/core/db/database'
import type { ReadTx } from '#server/core/db/write-transaction'
import * as sent from '#server/core/email/batches'
import type { Copies } from '#server/core/email/copies'
import type { Mailer } from '#server/core/email/transport'
import { badRequest, notFound } from '#server/core/errors'
import type { JobRunner } from '#server/core/jobs/runner'
import { loggedWrite } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { findAddressees } from '#server/features/messages/addressees'

/** What the messages services take from the core. */
export interface Messages {
  db: Db
  config: Config
  clock: Clock
  jobs: JobRunner
  copies: Copies
  mailer: Mailer
}

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
  const people = await findAddressees(tx, draft.audience)
  if (people.length === 0) throw badRequest(mailMessages.emptyGroup)
  const association = await associationDetails(tx, config)
  return { people, copies: copiesFor(people, draft, association) }
}

const count = (copies: Copy[], channel: Copy['channel']) =>
  copies.filter((copy) => copy.channel === channel).length

/** What sending the draft would do, without doing it. */
export async function planMessage(
  { db, config, mailer }: Messages,
  draft: MessageDraft,
): Promise<MessagePlan> {
  const { people, copies } = await draftCopies(db.kysely, config, draft)
  const first = copies[0]!
  return {
    people: people.length,
    email: count(copies, 'email'),
    post: count(copies, 'post'),
    mailServer: mailer.kind === 'smtp',
    sample: {
      personId: first.personId,
      name: fullName(people.find((person) => person.id === first.personId)!),
      subject: first.subject,
      body: first.body,
    },
  }
}

/**
 * Stores the message, every copy and the jobs that send the e-mails, in one write with its log
 * entry, and wakes the runner. A refused draft stores nothing and is not logged.
 */
export async function sendMessage(
  { db, config, copies: copiesQueue, jobs }: Messages,
  viewer: Viewer,
  draft: MessageDraft,
) {
  const queued = await loggedWrite(db, [], async (tx, log) => {
    const { people, copies } = await draftCopies(tx, config, draft)
    const audience = audienceText(draft.audience, people.length)
    const batchId = await copiesQueue.queue(
      tx,
      { subject: draft.subject, body: draft.body, audience, createdBy: viewer.userName },
      copies,
    )
    const email = count(copies, 'email')
    const post = count(copies, 'post')
    log(
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
  jobs.wake()
  return queued
}

/** Every message sent, newest first, with its copies counted by what became of them. */
export async function listBatches({ db }: Messages): Promise<MessageBatch[]> {
  const batches = await sent.latestBatches(db.kysely, 200)
  if (batches.length === 0) return []
  const counts = await sent.copyCountsFrom(db.kysely, batches.at(-1)!.id)
  const counted = new Map(counts.map((c) => [`${c.batchId} ${c.status}`, c.copies]))
  return batches.map((batch) => ({
    ...batch,
    counts: Object.fromEntries(
      COPY_STATUSES.map((status) => [status, counted.get(`${batch.id} ${status}`) ?? 0]),
    ) as MessageBatch['counts'],
  }))
}

/** Every copy of one message, in the order they were made. */
export function copiesOf({ db }: Messages, batchId: number): Promise<SentMessage[]> {
  return sent.copiesOf(db.kysely, batchId)
}

/** What one person was sent, newest first. */
export function copiesTo({ db }: Messages, personId: string): Promise<SentMessage[]> {
  return sent.copiesTo(db.kysely, personId)
}

/** The message's letters as one PDF stream, dated today; 404 noLetters when it has none. */
export const printLetters = (messages: Messages, batchId: number) =>
  printSet(messages, { batchId }, mailMessages.noLetters, messages.clock.today())

/** A letter sent to the member, dated the day it was written; 404 when it is not theirs. */
export const printMyLetter = (messages: Messages, personId: string, id: number) =>
  printSet(messages, { id, personId }, myAllotmentMessages.letterNotYours)

async function printSet(
  { db, config, copies }: Messages,
  set: sent.LetterSet,
  missing: string,
  printedOn?: string,
) {
  // pdfkit and its fonts are loaded by the first letters printed, not by every server.
  const { lettersPdf } = await import('#server/features/messages/letters')
  const first = await sent.firstLetter(db.kysely, set)
  if (!first) throw notFound(missing)
  const association = await associationDetails(db.kysely, config)
  const date = longDate(printedOn ?? first.createdAt.slice(0, 10))
  return lettersPdf(db, set, association, date, copies.letterPagesOf)
}
