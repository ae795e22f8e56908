import { z } from 'zod'
import { mailMessages } from '#shared/messages/mail'
import type { Db } from '#server/core/db/database'
import type { MessageStatus } from '#shared/domain/contact-ways'
import type { MessagesTable } from '#server/core/db/schema'
import { writeTransaction } from '#server/core/db/write-transaction'
import type { Mail, Mailer, Sender } from '#server/core/email/transport'
import { doubling, HANDED_BACK, type JobKind } from '#server/core/jobs/runner'

// Sending the e-mail copies of a message (any feature's: a message to a group, an invoice, a
// reminder): a job per part of up to COPIES_PER_JOB copies. Each
// copy records its own progress, so that a job run again (after a failure, or after its runner
// died) sends only what has not gone, and never a copy twice:
// - a copy is marked `sending` just before it is handed to the mail server, and `sent` or
//   `failed` (with the server's answer) just after;
// - a copy found still `sending` when its job runs again was cut off mid-send by a runner that
//   died: it may have arrived, so it is not sent again but shown as `interrupted`, for the
//   committee to check (decision 18, "What once means");
// - failed copies make the job fail, and it runs again after its back-off; once out of attempts
//   they stay `failed`, shown with the last answer, never dropped;
// - when the instance shuts down, the copies being handed to the mail server finish and the rest
//   stay `queued`: the job is handed back and runs again at once on the next instance, so a
//   stop during a message to thousands neither waits for all of them nor cuts one off.

export const COPIES_PER_JOB = 50

// Only as many copies are `sending` as the mail server has connections, so a crash leaves at
// most that many interrupted.
function limiter(size: number) {
  let active = 0
  const waiting: Array<() => void> = []
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve))
    else active++
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active--
    }
  }
}

type CopyChange = Partial<Pick<MessagesTable, 'status' | 'lastError' | 'sentAt'>>

/** Makes the document a copy names (`invoice:12` → the invoice's PDF), when its e-mail goes. */
export type AttachmentMaker = (id: string) => Promise<NonNullable<Mail['attachments']>[number]>

/** A copy's `attachment`, 'kind:id', in its parts. */
export function attachmentParts(attachment: string): { kind: string; id: string } {
  const [kind = '', id = ''] = attachment.split(':')
  return { kind, id }
}

/** What an e-mail is made from: the copy as stored. */
export type CopyToMail = Pick<MessagesTable, 'recipient' | 'subject' | 'body' | 'attachment'> & {
  id: number
}

/**
 * A copy's e-mail, its attachment made from the records as they stand now (an invoice attached
 * as it stands when it goes); `reference` names it in the outbox folder.
 */
export async function copyMail(
  attachments: ReadonlyMap<string, AttachmentMaker>,
  copy: CopyToMail,
): Promise<{ mail: Mail; reference: string }> {
  const mail: Mail = {
    to: copy.recipient,
    subject: copy.subject,
    text: copy.body,
    messageId: `<copy-${copy.id}@allotment.invalid>`,
  }
  if (copy.attachment) {
    const { kind, id } = attachmentParts(copy.attachment)
    const make = attachments.get(kind)
    if (!make) throw new Error(`No attachment kind "${kind}" is defined`)
    mail.attachments = [await make(id)]
  }
  return { mail, reference: copyReference(copy.id) }
}

/** What names a copy's e-mail in the outbox folder. */
export const copyReference = (id: number) => `message-${id}`

export function sendCopiesJob(
  db: Db,
  mailer: Mailer,
  connections: number,
  attachments: ReadonlyMap<string, AttachmentMaker>,
): JobKind<{ ids: number[] }> {
  const oneAtATime = limiter(connections)

  const change = (id: number, from: MessageStatus[], set: CopyChange & { attempt?: true }) =>
    writeTransaction(db, async (tx) => {
      const { attempt, ...fields } = set
      const result = await tx
        .updateTable('messages')
        .set((eb) => ({ ...fields, ...(attempt ? { attempts: eb('attempts', '+', 1) } : {}) }))
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    })

  async function sendOne(sender: Sender, copy: CopyToMail, stopping: AbortSignal) {
    return oneAtATime(async () => {
      if (stopping.aborted) return HANDED_BACK
      if (!(await change(copy.id, ['queued', 'failed'], { status: 'sending', attempt: true })))
        return undefined
      try {
        const { mail, reference } = await copyMail(attachments, copy)
        await mailer.send(mail, reference, sender)
      } catch (error) {
        const answer = (error as Error).message.slice(0, 500)
        await change(copy.id, ['sending'], { status: 'failed', lastError: answer })
        return answer
      }
      const sentAt = new Date().toISOString()
      // Written to the outbox folder, it has reached no one yet, and says so.
      const status = mailer.kind === 'smtp' ? 'sent' : 'outbox'
      await change(copy.id, ['sending', 'interrupted'], { status, sentAt, lastError: null })
      return undefined
    })
  }

  return {
    kind: 'send-copies',
    payload: z.object({ ids: z.array(z.number().int()).min(1).max(COPIES_PER_JOB) }),
    maxAttempts: 8,
    // A minute, doubling to an hour: about three hours in all before a copy is left failed.
    backOffMs: doubling(60_000, 3_600_000),
    async run({ ids }, stopping) {
      const copies = await db.kysely
        .selectFrom('messages')
        .select(['id', 'recipient', 'subject', 'body', 'status', 'attachment'])
        .where('id', 'in', ids)
        .where('channel', '=', 'email')
        .execute()
      for (const copy of copies.filter((c) => c.status === 'sending'))
        await change(copy.id, ['sending'], {
          status: 'interrupted',
          lastError: mailMessages.messageInterrupted,
        })
      // The settings read once for the job's copies, not once an e-mail.
      const sender = await mailer.sender()
      const answers = await Promise.all(
        copies
          .filter((c) => c.status === 'queued' || c.status === 'failed')
          .map((copy) => sendOne(sender, copy, stopping)),
      )
      // Those left queued go with the next run, which also tries again any refused here.
      if (answers.includes(HANDED_BACK)) return HANDED_BACK
      const refused = answers.filter((answer) => answer !== undefined)
      if (refused.length > 0)
        throw new Error(
          `${refused.length} of ${answers.length} e-mails were not sent: ${refused[0]}`,
        )
    },
  }
}
