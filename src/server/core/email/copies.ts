import fs from 'node:fs'
import path from 'node:path'
import type { Copy } from '#shared/domain/message-copies'
import type { Db } from '#server/core/db/database'
import { insertInBatches } from '#server/core/db/insert-in-batches'
import { lockRecords, type WriteTx } from '#server/core/db/write-transaction'
import { outboxWriter, type Mailer } from '#server/core/email/transport'
import { writeSiteLimit } from '#server/core/site-scope'
import {
  attachmentParts,
  COPIES_PER_JOB,
  copyMail,
  copyReference,
  sendCopiesJob,
  type AttachmentMaker,
} from '#server/core/email/send-copies'
import type { JobRunner } from '#server/core/jobs/runner'

// Letters and e-mails are one capability every feature uses (decision 19): a feature stores its
// copies under a batch, inside its own write, and the send-copies jobs take them from there.

export interface Batch {
  subject: string
  body: string
  /** Who it went to, in words. */
  audience: string
  createdBy: string
  /** A batch that gathers copies over time (a rent year's first reminders) is found by it. */
  key?: string
  /** The sites of the people it goes to, for the lists of those sites (decision 50); none if absent. */
  sites?: readonly number[]
}

export interface OutgoingCopy extends Copy {
  /** A document made and attached when the e-mail goes (`invoice:12`). */
  attachment?: string
}

/**
 * What a printed letter carries of its attachment: the same document's pages, written into the
 * letters' PDF after the letter (an inspection notice's photos), since a PDF cannot be enclosed.
 */
export type LetterPages = (doc: PDFKit.PDFDocument, id: string) => Promise<void>

export type Copies = ReturnType<typeof createCopies>

export function createCopies(
  db: Db,
  mailer: Mailer,
  jobs: JobRunner,
  { connections, outboxDir }: { connections: number; outboxDir: string },
) {
  const attachments = new Map<string, AttachmentMaker>()
  const letterPages = new Map<string, LetterPages>()
  const job = sendCopiesJob(db, mailer, connections, attachments)
  jobs.define(job)

  async function batchId(tx: WriteTx, batch: Batch, createdAt: string): Promise<number> {
    const { key, sites, ...fields } = batch
    if (key) {
      await lockRecords(db, tx, [`message_batches:${key}`])
      const found = await tx
        .selectFrom('message_batches')
        .select('id')
        .where('key', '=', key)
        .executeTakeFirst()
      if (found) return found.id
    }
    const { id } = await tx
      .insertInto('message_batches')
      .values({ ...fields, key: key ?? null, siteIds: writeSiteLimit(sites ?? null), createdAt })
      .returning('id')
      .executeTakeFirstOrThrow()
    return id
  }

  return {
    job,
    /**
     * Names what `attachment: 'kind:id'` makes, for the e-mails that carry one, and the pages a
     * printed letter carries instead, when it carries any.
     */
    defineAttachment(kind: string, make: AttachmentMaker, pages?: LetterPages) {
      if (attachments.has(kind)) throw new Error(`Attachment kind "${kind}" is defined twice`)
      attachments.set(kind, make)
      if (pages) letterPages.set(kind, pages)
    },
    /** The pages a printed letter with this attachment carries after its text, if any. */
    letterPagesOf(attachment: string | null) {
      if (!attachment) return undefined
      const { kind, id } = attachmentParts(attachment)
      const pages = letterPages.get(kind)
      return pages && ((doc: PDFKit.PDFDocument) => pages(doc, id))
    },
    /**
     * After an erasure, the outbox's e-mails of these copies (those there are) written again from
     * the copies as they stand now, their text scrubbed and their attachment made afresh, dated
     * as they first went: the person who was sent one still finds it there, without the details
     * of the person erased.
     */
    async rewriteOutbox(ids: readonly number[]) {
      const write = outboxWriter(outboxDir)
      const inOutbox = ids.filter((id) =>
        fs.existsSync(path.join(outboxDir, `${copyReference(id)}.eml`)),
      )
      if (inOutbox.length === 0) return
      const sender = await mailer.sender()
      for (let start = 0; start < inOutbox.length; start += COPIES_PER_JOB) {
        const copies = await db.kysely
          .selectFrom('messages')
          .select(['id', 'recipient', 'subject', 'body', 'attachment', 'sentAt'])
          .where('id', 'in', inOutbox.slice(start, start + COPIES_PER_JOB))
          .execute()
        for (const copy of copies) {
          const { mail, reference } = await copyMail(attachments, copy)
          const date = copy.sentAt ? { date: new Date(copy.sentAt) } : {}
          await write({ ...sender, ...mail, ...date }, reference)
        }
      }
    },
    /**
     * Stores the batch (or adds to the one with its key), every copy and the jobs that send the
     * e-mails, inside the caller's write: all of it is queued, or none. Letters wait to be printed.
     */
    async queue(tx: WriteTx, batch: Batch, copies: readonly OutgoingCopy[]): Promise<number> {
      const createdAt = new Date().toISOString()
      const id = await batchId(tx, batch, createdAt)
      const first = await tx
        .selectFrom('messages')
        .select((eb) => eb.fn.max('id').as('last'))
        .executeTakeFirst()
      await insertInBatches(
        tx,
        'messages',
        copies.map((copy) => ({
          ...copy,
          attachment: copy.attachment ?? null,
          batchId: id,
          status: copy.channel === 'email' ? ('queued' as const) : ('letter' as const),
          attempts: 0,
          createdAt,
        })),
      )
      const emailIds = await tx
        .selectFrom('messages')
        .select('id')
        .where('batchId', '=', id)
        .where('channel', '=', 'email')
        .where('id', '>', Number(first?.last ?? 0))
        .orderBy('id')
        .execute()
      for (let start = 0; start < emailIds.length; start += COPIES_PER_JOB) {
        const ids = emailIds.slice(start, start + COPIES_PER_JOB).map((row) => row.id)
        await jobs.enqueue(tx, job, { ids })
      }
      return id
    },
  }
}

/**
 * Deletes the copies sent to `recipient` for `personId` in the batch kept under `key`, inside the
 * caller's write: personal data kept no longer than its purpose (an application nobody confirmed).
 */
export async function forgetCopies(
  tx: WriteTx,
  key: string,
  { recipient, personId }: { recipient: string; personId: string },
): Promise<void> {
  await tx
    .deleteFrom('messages')
    .where('recipient', '=', recipient)
    .where('personId', '=', personId)
    .where('batchId', 'in', (eb) =>
      eb.selectFrom('message_batches').select('id').where('key', '=', key),
    )
    .execute()
}
