import { z } from 'zod'
import type { FastifyBaseLogger } from 'fastify'
import type { Contact } from '#shared/schemas/contact'
import type { Clock } from '#server/core/clock'
import type { Config } from '#server/core/config'
import type { Db } from '#server/core/db/database'
import type { EmailTransport } from '#server/core/email/transport'
import { doubling, type JobKind, type JobRunner } from '#server/core/jobs/runner'
import { loggedWrite } from '#server/core/logged-change'
import {
  insertEnquiry,
  latestEnquiries,
  recordAttempt,
  unsentEnquiry,
} from '#server/features/contact/sql'

// An enquiry is stored first and emailed second, by a job stored with it: if sending fails the
// enquiry stays, marked unsent, and the job tries again later on whichever instance claims it.
// Nothing a member of the public wrote is lost, and no instance sends it twice. None of it is
// logged: the enquiry itself is the record.

/** What sending an enquiry takes from the core. */
export interface EnquiryMail {
  db: Db
  clock: Clock
  transport: EmailTransport
}

/** What the enquiry services take: the core's parts, and the job kind that sends an enquiry. */
export interface Enquiries extends EnquiryMail {
  jobs: JobRunner
  delivery: JobKind<{ enquiryId: number }>
}

/** The enquiry services, their job kind defined on the app's runner. */
export function enquiries(app: EnquiryMail & { jobs: JobRunner; config: Config }): Enquiries {
  const { db, clock, transport, jobs, config } = app
  const delivery = deliverEnquiryJob({ db, clock, transport }, config.email.retrySeconds)
  jobs.define(delivery)
  return { db, clock, transport, jobs, delivery }
}

/**
 * Stores the enquiry together with the job that sends it, then makes the first attempt itself,
 * so that the answer can say whether it went.
 */
export async function sendEnquiry(
  { db, clock, jobs, delivery }: Enquiries,
  enquiry: Contact,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ id: number; sent: boolean }> {
  const { id, job } = await loggedWrite(db, [], async (tx) => {
    const { id } = await insertEnquiry(tx, enquiry, clock.now().toISOString())
    return { id, job: await jobs.enqueueClaimed(tx, delivery, { enquiryId: id }) }
  })
  const sent = await jobs.runClaimed(job)
  if (!sent) log.warn({ enquiry: id }, 'enquiry stored but not yet sent')
  return { id, sent }
}

/** Sends one enquiry unless it has gone already; records the attempt, and throws if it failed. */
export async function deliverEnquiry({ db, clock, transport }: EnquiryMail, id: number) {
  const enquiry = await unsentEnquiry(db.kysely, id)
  if (!enquiry) return
  const attempts = enquiry.attempts + 1
  try {
    await transport.send(enquiry, String(id))
  } catch (error) {
    const lastError = (error as Error).message.slice(0, 500)
    await loggedWrite(db, [], (tx) => recordAttempt(tx, id, { attempts, lastError }))
    throw error
  }
  await loggedWrite(db, [], (tx) =>
    recordAttempt(tx, id, {
      sentAt: clock.now().toISOString(),
      deliveredTo: transport.kind,
      attempts,
      lastError: null,
    }),
  )
}

/** Twenty attempts, from a minute apart (EMAIL_RETRY_SECONDS) doubling to an hour: about a day. */
export function deliverEnquiryJob(
  mail: EnquiryMail,
  retrySeconds: number,
): JobKind<{ enquiryId: number }> {
  return {
    kind: 'deliver-enquiry',
    payload: z.object({ enquiryId: z.number().int() }),
    maxAttempts: 20,
    backOffMs: doubling(retrySeconds * 1000, Math.max(retrySeconds * 1000, 3_600_000)),
    run: ({ enquiryId }) => deliverEnquiry(mail, enquiryId),
  }
}

/** The latest 500 enquiries, newest first, each saying whether it has gone. */
export async function listEnquiries({ db }: Pick<Enquiries, 'db'>) {
  const rows = await latestEnquiries(db.kysely, 500)
  return rows.map((row) => ({ ...row, sent: row.sentAt !== null }))
}
