import { z } from 'zod'
import { copiesForOne, dearName } from '#shared/domain/message-copies'
import { penceText } from '#shared/domain/money'
import { invoiceReference, nextStep, stepDate, type RentStep } from '#shared/domain/rent'
import type { ContactBy } from '#shared/domain/contact-ways'
import { rentMessages } from '#shared/rent-messages'
import type { Invoice } from '#shared/schemas/rent'
import type { Db } from '#server/core/db/database'
import { lockRecords, writeTransaction, type WriteTx } from '#server/core/db/write-transaction'
import type { Copies } from '#server/core/email/copies'
import { deadlineAt, doubling, type JobKind, type JobRunner } from '#server/core/jobs/runner'
import { recordKey, writeLog } from '#server/core/logged-change'
import { rentSettings } from '#server/features/rent/settings'
import { findInvoice } from '#server/features/rent/sql'

// Chasing an unpaid invoice: one job per invoice, stored when the year starts, due on the day of
// its first reminder. Each run does the steps that have fallen due (first reminder, second
// reminder, arrears), each once (rent_steps), and leaves the job for the next step's day. The days
// are read from the settings when the job runs, so a change to them moves the invoices already
// out. A paid, written-off or cancelled invoice is left alone.

const SYSTEM = 'system'

export function deadlineJob(
  db: Db,
  copies: Copies,
  jobs: () => JobRunner,
): JobKind<{ invoiceId: number }> {
  const job: JobKind<{ invoiceId: number }> = {
    kind: 'rent-deadline',
    payload: z.object({ invoiceId: z.number().int() }),
    maxAttempts: 10,
    backOffMs: doubling(60_000, 3_600_000),
    run: ({ invoiceId }) =>
      writeTransaction(
        db,
        async (tx) => {
          const runner = jobs()
          const today = runner.clock().toISOString().slice(0, 10)
          const settings = await rentSettings(tx)
          for (;;) {
            const invoice = await findInvoice(tx, invoiceId)
            if (!invoice || invoice.cancelled || invoice.outstanding <= 0) return
            const step = nextStep(invoice.steps.map((done) => done.step))
            if (!step) return
            const date = stepDate(invoice.dueDate, step, settings.reminderDays)
            if (date > today) {
              await runner.enqueue(tx, job, { invoiceId }, deadlineAt(date))
              return
            }
            await takeStep(tx, invoice, step, today, settings.paymentInstructions)
          }
        },
        [recordKey('invoices', String(invoiceId))],
      ),
  }

  async function takeStep(
    tx: WriteTx,
    invoice: Invoice,
    step: RentStep,
    today: string,
    instructions: string,
  ) {
    await tx.insertInto('rent_steps').values({ invoiceId: invoice.id, step, date: today }).execute()
    const change = { eventCollection: 'invoices', docId: String(invoice.id), userName: SYSTEM }
    if (step === 'arrears') {
      // Ready to re-let: the spec's failed or lapsed flag, which the plots filters read.
      await lockRecords(db, tx, [recordKey('plots', invoice.plotId)])
      await tx
        .updateTable('plots')
        .set((eb) => ({ isFailed: 1, version: eb('version', '+', 1) }))
        .where('id', '=', invoice.plotId)
        .where('isFailed', '=', 0)
        .execute()
      await writeLog(
        tx,
        { ...change, methodName: 'markArrears' },
        { plotId: invoice.plotId, outstanding: invoice.outstanding },
      )
      return
    }
    const payer = await payerOf(tx, invoice)
    const subject = rentMessages.rentReminderSubject(step, invoice.number)
    const body = rentMessages.rentReminderText(
      dearName(payer),
      invoice.number,
      penceText(invoice.outstanding),
      invoice.dueDate,
      instructions,
      invoiceReference(invoice.number),
    )
    await copies.queue(
      tx,
      {
        subject: rentMessages.rentRemindersBatch(step, invoice.yearLabel),
        body: rentMessages.rentRemindersBatch(step, invoice.yearLabel),
        audience: rentMessages.rentPayers,
        createdBy: SYSTEM,
        key: `rent-${invoice.yearId}-${step}`,
      },
      copiesForOne(payer, subject, () => body).map((copy) => ({
        ...copy,
        attachment: `invoice:${invoice.id}`,
      })),
    )
    await writeLog(
      tx,
      { ...change, methodName: 'sendRentReminder' },
      { step, payerId: payer.id, outstanding: invoice.outstanding },
    )
  }

  return job
}

// The payer as they are now; one whose record has gone is written to at the invoice's address.
async function payerOf(tx: WriteTx, invoice: Invoice) {
  const person = await tx
    .selectFrom('people')
    .select(['id', 'firstName', 'lastName', 'email', 'address', 'contactBy'])
    .where('id', '=', invoice.payerId)
    .executeTakeFirst()
  if (person) return person
  const stored = await tx
    .selectFrom('invoices')
    .select('payerAddress')
    .where('id', '=', invoice.id)
    .executeTakeFirstOrThrow()
  return {
    id: invoice.payerId,
    firstName: '',
    lastName: invoice.payerName,
    email: '',
    address: stored.payerAddress,
    contactBy: 'post' as ContactBy,
  }
}
