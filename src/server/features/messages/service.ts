import { copiesFor, firstPersonsCopies, fullName, reachOf } from '#shared/domain/message-copies'
import { mailMessages } from '#shared/messages/mail'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { COPY_STATUSES } from '#shared/domain/contact-ways'
import { londonDate, longDate } from '#shared/domain/dates'
import type {
  Audience,
  MessageBatch,
  MessageDraft,
  MessagePlan,
  MessageSend,
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
import { confirmationOf } from '#server/core/confirmation'
import { badRequest, conflict, forbidden, notFound } from '#server/core/errors'
import type { JobRunner } from '#server/core/jobs/runner'
import {
  loggedWrite,
  refusalsBeyondScopeLogged,
  type LoggedChange,
} from '#server/core/logged-change'
import type { SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { findAddressees } from '#server/features/messages/addressees'
import { requirePersonInScope } from '#server/features/people/sql'
import { requireSite } from '#server/features/sites/sql'
import { nameOfPlot } from '#server/features/plots/sql'

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
async function audienceText(tx: ReadTx, audience: Audience, people: number): Promise<string> {
  switch (audience.kind) {
    case 'plotholders':
      return audience.siteId === undefined
        ? 'All plot holders'
        : mailMessages.sitePlotHolders((await requireSite(tx, audience.siteId)).name)
    case 'waitinglist':
      return 'The waiting list'
    case 'plot':
      return `The tenants of plot ${await nameOfPlot(tx, audience.plotId)}`
    case 'unpaid':
      return 'The tenants of unpaid plots'
    case 'people':
      return people === 1 ? 'One person' : `${people} chosen people`
  }
}

// The copies a draft makes, refused when the group is empty or beyond the scope.
async function draftCopies(tx: ReadTx, config: Config, scope: SiteScope, draft: MessageDraft) {
  const { people, sites } = await findAddressees(tx, draft.audience, scope)
  if (people.length === 0) throw badRequest(mailMessages.emptyGroup)
  const association = await associationDetails(tx, config)
  return { people, sites, copies: copiesFor(people, draft, association) }
}

type DraftCopies = Awaited<ReturnType<typeof draftCopies>>

/**
 * What the preview shows of a draft's copies: how many by each way and the first person's copies
 * as they will have them. Its confirmation covers those, the draft, and who gets which copy.
 */
function previewOf(draft: MessageDraft, { people, copies }: DraftCopies) {
  const first = people.find((person) => person.id === copies[0]!.personId)!
  const sample = { personId: first.id, name: fullName(first), copies: firstPersonsCopies(copies) }
  const reach = reachOf(copies)
  const to = copies.map((copy) => [copy.personId, copy.channel, copy.recipient])
  return { ...reach, sample, confirmation: confirmationOf({ draft, reach, sample, to }) }
}

/** What sending the draft would do, without doing it, and the confirmation sending it needs. */
export async function planMessage(
  { db, config, mailer }: Messages,
  scope: SiteScope,
  draft: MessageDraft,
): Promise<MessagePlan> {
  const preview = previewOf(draft, await draftCopies(db.kysely, config, scope, draft))
  return { ...preview, mailServer: mailer.kind === 'smtp' }
}

/**
 * Stores the message, every copy and the jobs that send the e-mails, in one write with its log
 * entry, and wakes the runner; refused (409) when that is no longer what its preview showed. A
 * refused draft stores nothing and is not logged, but for a group beyond the sender's sites (403),
 * logged as every such refusal is. The message and its entry name the sites of the people it goes
 * to, within the sender's scope.
 */
export async function sendMessage(
  { db, config, copies: copiesQueue, jobs }: Messages,
  viewer: Viewer,
  scope: SiteScope,
  { confirmation, ...draft }: MessageSend,
) {
  const change: LoggedChange = {
    methodName: 'sendMessage',
    eventCollection: 'messages',
    docId: '',
    userName: viewer.userName,
  }
  const attempted = { subject: draft.subject, audience: draft.audience }
  const queued = await refusalsBeyondScopeLogged(db, change, attempted, () =>
    loggedWrite(db, [], async (tx, log) => {
      const drafted = await draftCopies(tx, config, scope, draft)
      const { email, post, confirmation: previewed } = previewOf(draft, drafted)
      if (previewed !== confirmation) throw conflict(mailMessages.changedSincePreview)
      const { people, sites, copies } = drafted
      const audience = await audienceText(tx, draft.audience, people.length)
      const batchId = await copiesQueue.queue(
        tx,
        { subject: draft.subject, body: draft.body, audience, createdBy: viewer.userName, sites },
        copies,
      )
      log(
        { ...change, docId: String(batchId), sites },
        { subject: draft.subject, audience, email, post },
      )
      return { batchId, email, post }
    }),
  )
  jobs.wake()
  return queued
}

/**
 * Every message sent that the scope sees (those to its sites' people only), newest first, with
 * its copies counted by what became of them.
 */
export async function listBatches({ db }: Messages, scope: SiteScope): Promise<MessageBatch[]> {
  const batches = await sent.latestBatches(db.kysely, scope, 200)
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

/** Refuses (403) a message the scope does not see. */
async function requireBatchInScope(tx: ReadTx, scope: SiteScope, batchId: number) {
  const siteIds = await sent.batchSites(tx, batchId)
  if (siteIds !== undefined && !sent.batchInScope(scope, siteIds)) throw forbidden()
}

/** Every copy of one message, in the order they were made. */
export async function copiesOf(
  { db }: Messages,
  scope: SiteScope,
  batchId: number,
): Promise<SentMessage[]> {
  await requireBatchInScope(db.kysely, scope, batchId)
  return sent.copiesOf(db.kysely, batchId)
}

/** What the member was sent, newest first. */
export function copiesTo({ db }: Messages, personId: string): Promise<SentMessage[]> {
  return sent.copiesTo(db.kysely, personId)
}

/** What one person was sent, newest first: 403 for a person the scope does not reach. */
export async function copiesToPerson(
  messages: Messages,
  scope: SiteScope,
  personId: string,
): Promise<SentMessage[]> {
  await requirePersonInScope(messages.db.kysely, scope, personId)
  return copiesTo(messages, personId)
}

/** The message's letters as one PDF stream, dated today; 404 noLetters when it has none. */
export async function printLetters(messages: Messages, scope: SiteScope, batchId: number) {
  await requireBatchInScope(messages.db.kysely, scope, batchId)
  return printSet(messages, { batchId }, mailMessages.noLetters, messages.clock.today())
}

/**
 * Every person's copy of the message printed, dated today (a notice board, the AGM pack): each
 * letter, and a page for each person it e-mailed without a letter; 404 when there is no message.
 */
export async function printForEveryone(messages: Messages, scope: SiteScope, batchId: number) {
  await requireBatchInScope(messages.db.kysely, scope, batchId)
  return printSet(
    messages,
    { batchId, everyone: true },
    mailMessages.messageMissing,
    messages.clock.today(),
  )
}

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
  const date = longDate(printedOn ?? londonDate(new Date(first.createdAt)))
  return lettersPdf(db, set, association, date, copies.letterPagesOf)
}
