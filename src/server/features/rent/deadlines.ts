import { z } from 'zod'
import { copiesForOne, dearName } from '#shared/domain/message-copies'
import { penceText } from '#shared/domain/money'
import { overdueOf } from '#shared/domain/instalments'
import { invoiceReference, type RentStep } from '#shared/domain/rent'
import { nextChase, nextLook } from '#shared/domain/rent-chase'
import { instalmentMessages } from '#shared/messages/instalments'
import { rentMessages } from '#shared/messages/rent'
import type { Invoice } from '#shared/schemas/rent'
import { lockRecords, type ReadTx, type WriteTx } from '#server/core/db/write-transaction'
import { deadlineAt, doubling, type JobKind } from '#server/core/jobs/runner'
import { loggedWrite, recordKey, SYSTEM, type LogEntry } from '#server/core/logged-change'
import { findPerson } from '#server/features/people/sql'
import { hasDied } from '#server/features/people/tenancy-ends-sql'
import { markFailed } from '#server/features/plots/sql'
import type { Rent } from '#server/features/rent/context'
import { insertStep } from '#server/features/rent/ledger-sql'
import { rentSettings } from '#server/features/rent/settings'
import { findInvoice, payerAddresses } from '#server/features/rent/sql'

// Chasing an unpaid invoice: one job per invoice, stored when the year starts, due on the day of
// its first reminder. Each run does the steps that have fallen due (first reminder, second
// reminder, arrears), each once (rent_steps), and leaves the job for the next step's day. The days
// are read from the settings when the job runs, so a change to them moves the invoices already
// out. A paid, written-off or cancelled invoice is left alone. An invoice in instalments is
// chased from its earliest unpaid instalment's due date, each instalment's steps once (decision
// 60); one whose instalments due are paid waits for the next.

export function deadlineJob({ db, clock, copies, jobs }: Rent): JobKind<{ invoiceId: number }> {
  const job: JobKind<{ invoiceId: number }> = {
    kind: 'rent-deadline',
    payload: z.object({ invoiceId: z.number().int() }),
    maxAttempts: 10,
    backOffMs: doubling(60_000, 3_600_000),
    run: ({ invoiceId }) =>
      loggedWrite(db, [recordKey('invoices', String(invoiceId))], async (tx, log) => {
        const today = clock.today()
        const settings = await rentSettings(tx)
        for (;;) {
          const invoice = await findInvoice(tx, invoiceId)
          if (!invoice || invoice.cancelled || invoice.outstanding <= 0) return
          const next = nextChase(invoice, settings.reminderDays)
          const date = next ? next.date : nextLook(invoice, settings.reminderDays, today)
          if (date === undefined) return
          if (!next || date > today) {
            await jobs.enqueue(tx, job, { invoiceId }, deadlineAt(date))
            return
          }
          await takeStep(tx, log, invoice, next, today, settings.paymentInstructions)
        }
      }),
  }

  async function takeStep(
    tx: WriteTx,
    log: LogEntry,
    invoice: Invoice,
    { step, from }: { step: RentStep; from: string },
    today: string,
    instructions: string,
  ) {
    await insertStep(tx, invoice.id, step, today, from)
    const change = { eventCollection: 'invoices', docId: String(invoice.id), userName: SYSTEM }
    if (step === 'arrears') {
      // Ready to re-let: the spec's failed or lapsed flag, which the plots filters read.
      await lockRecords(db, tx, [recordKey('plots', invoice.plotId)])
      await markFailed(tx, invoice.plotId)
      log(
        { ...change, methodName: 'markArrears' },
        { plotId: invoice.plotId, outstanding: invoice.outstanding },
      )
      return
    }
    // No reminder is posted to someone who has died (issue 44): the committee settles with those
    // who deal with their affairs. The step counts as taken, so the next one follows in its turn.
    if (await hasDied(tx, invoice.payerId)) {
      log(
        { ...change, methodName: 'withholdRentReminder' },
        { step, payerId: invoice.payerId, outstanding: invoice.outstanding },
      )
      return
    }
    const payer = await payerOf(tx, invoice)
    const subject = rentMessages.rentReminderSubject(step, invoice.number)
    // An instalment's reminder names what of the invoice is overdue, not all it owes.
    const body = (invoice.split ? instalmentMessages.reminderText : rentMessages.rentReminderText)(
      dearName(payer),
      invoice.number,
      penceText(overdueOf(invoice, today)),
      from,
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
    log(
      { ...change, methodName: 'sendRentReminder' },
      { step, payerId: payer.id, outstanding: invoice.outstanding },
    )
  }

  return job
}

// The payer as they are now; one whose record has gone is written to at the invoice's address.
async function payerOf(tx: ReadTx, invoice: Invoice) {
  const person = await findPerson(tx, invoice.payerId)
  if (person) return person
  const addresses = await payerAddresses(tx, [invoice.id])
  return {
    id: invoice.payerId,
    firstName: '',
    lastName: invoice.payerName,
    email: '',
    address: addresses.get(invoice.id) ?? '',
    contactBy: 'post' as const,
  }
}
