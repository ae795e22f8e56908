import { comparePlotIds } from '#shared/domain/plots'
import { copiesForOne, dearName, fullName } from '#shared/domain/message-copies'
import { penceText } from '#shared/domain/money'
import {
  addDays,
  checkInvoice,
  checkYearStart,
  choosePayer,
  invoiceLines,
  invoiceReference,
  stepDate,
  stepsDueBy,
  yearLabel,
} from '#shared/domain/rent'
import { messages } from '#shared/messages'
import { rentMessages } from '#shared/rent-messages'
import type { YearPreview } from '#shared/schemas/rent'
import type { ContactBy } from '#shared/domain/contact-ways'
import type { Db } from '#server/core/db/database'
import { insertInBatches } from '#server/core/db/insert-in-batches'
import { writeTransaction, type ReadTx } from '#server/core/db/write-transaction'
import type { Copies, OutgoingCopy } from '#server/core/email/copies'
import { badRequest, unlessRefused } from '#server/core/errors'
import { deadlineAt, type JobKind, type JobRunner } from '#server/core/jobs/runner'
import { writeLog, writeLogs } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { rentSettings } from '#server/features/rent/settings'
import { settlePaidFlags } from '#server/features/rent/sql'

// Starting a rent year: one invoice per occupied plot, addressed to one of its tenants, made
// all at once in one transaction with the e-mails and letters that carry them and the job that
// will chase each one. Numbers run on from the last invoice without gaps; starting the same year
// twice finds it started and makes nothing.

interface Tenant {
  id: string
  firstName: string
  lastName: string
  dateJoined: string
  email: string
  address: string
  contactBy: ContactBy
  concession: number
}

async function occupiedPlots(tx: ReadTx) {
  const rows = await tx
    .selectFrom('tenancy')
    .innerJoin('plots', 'plots.id', 'tenancy.plotId')
    .innerJoin('people', 'people.id', 'tenancy.personId')
    .select([
      'plots.id as plotId',
      'plots.fee',
      'plots.area',
      'people.id',
      'people.firstName',
      'people.lastName',
      'people.dateJoined',
      'people.email',
      'people.address',
      'people.contactBy',
      'people.concession',
    ])
    .execute()
  const plots = new Map<string, { fee: number; area: number; tenants: Tenant[] }>()
  for (const { plotId, fee, area, ...tenant } of rows) {
    const plot = plots.get(plotId) ?? { fee, area, tenants: [] }
    plot.tenants.push(tenant)
    plots.set(plotId, plot)
  }
  return [...plots.entries()].sort(([a], [b]) => comparePlotIds(a, b))
}

async function plan(tx: ReadTx, startDate: string) {
  const settings = await rentSettings(tx)
  const dueDate = addDays(startDate, settings.daysToPay)
  const invoices = (await occupiedPlots(tx)).flatMap(([plotId, plot]) => {
    const payer = choosePayer(plot.tenants)!
    const lines = invoiceLines(plot, Boolean(payer.concession), settings)
    const amount = unlessRefused(checkInvoice(plotId, lines))
    return amount > 0 ? [{ plotId, payer, lines, amount }] : []
  })
  return { settings, dueDate, label: yearLabel(startDate), invoices }
}

const startedYear = (tx: ReadTx, startDate: string) =>
  tx.selectFrom('rent_years').selectAll().where('startDate', '=', startDate).executeTakeFirst()

/**
 * What starting the year would make, with nothing stored, and the reminders already due that
 * starting it would send at once. `today` is the server's (TODAY moves it), as for starting.
 */
export async function previewYear(db: Db, startDate: string, today: string): Promise<YearPreview> {
  unlessRefused(checkYearStart(startDate, today))
  const { settings, dueDate, label, invoices } = await plan(db.kysely, startDate)
  return {
    label,
    startDate,
    dueDate,
    stepsAlreadyDue: stepsDueBy(dueDate, settings.reminderDays, today),
    alreadyStarted: (await startedYear(db.kysely, startDate)) !== undefined,
    invoices: invoices.map(({ plotId, payer, lines, amount }) => ({
      plotId,
      payerId: payer.id,
      payerName: fullName(payer),
      channel: payer.email.trim() === '' ? 'post' : payer.contactBy,
      lines,
      amount,
    })),
    total: invoices.reduce((sum, invoice) => sum + invoice.amount, 0),
  }
}

export interface YearStarter {
  db: Db
  copies: Copies
  jobs: JobRunner
  deadline: JobKind<{ invoiceId: number }>
}

/** Makes the year's invoices, their e-mails and letters and their deadlines, in one transaction. */
export async function startYear(
  { db, copies, jobs, deadline }: YearStarter,
  viewer: Viewer,
  startDate: string,
) {
  unlessRefused(checkYearStart(startDate, jobs.clock().toISOString().slice(0, 10)))
  return writeTransaction(
    db,
    async (tx) => {
      const existing = await startedYear(tx, startDate)
      if (existing) return { yearId: existing.id, label: existing.label, created: 0 }
      const { settings, dueDate, label, invoices } = await plan(tx, startDate)
      if (invoices.length === 0) throw badRequest(messages.noPlotsToInvoice)
      const now = jobs.clock()
      const issuedOn = now.toISOString().slice(0, 10)
      const { id: yearId } = await tx
        .insertInto('rent_years')
        .values({
          startDate,
          dueDate,
          label,
          createdBy: viewer.userName,
          createdAt: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const last = await tx
        .selectFrom('invoices')
        .select((eb) => eb.fn.max('number').as('number'))
        .executeTakeFirst()
      const firstNumber = Number(last?.number ?? 0) + 1
      await insertInBatches(
        tx,
        'invoices',
        invoices.map((invoice, index) => ({
          number: firstNumber + index,
          yearId,
          plotId: invoice.plotId,
          payerId: invoice.payer.id,
          payerName: fullName(invoice.payer),
          payerAddress: invoice.payer.address,
          issuedOn,
          dueDate,
          amount: invoice.amount,
          createdAt: now.toISOString(),
        })),
      )
      const stored = await tx
        .selectFrom('invoices')
        .select(['id', 'number'])
        .where('yearId', '=', yearId)
        .orderBy('number')
        .execute()
      await insertInBatches(
        tx,
        'invoice_lines',
        stored.flatMap(({ id }, index) =>
          invoices[index]!.lines.map((line) => ({ invoiceId: id, ...line })),
        ),
      )
      await copies.queue(
        tx,
        {
          subject: rentMessages.rentInvoicesBatch(label),
          body: rentMessages.rentInvoicesBatch(label),
          audience: rentMessages.rentPayers,
          createdBy: viewer.userName,
        },
        stored.flatMap(({ id, number }, index) =>
          invoiceCopies(invoices[index]!, id, number, label, dueDate, settings.paymentInstructions),
        ),
      )
      const firstReminder = stepDate(dueDate, 'first', settings.reminderDays)
      await jobs.enqueueMany(
        tx,
        deadline,
        stored.map(({ id }) => ({
          payload: { invoiceId: id },
          runAt: deadlineAt(firstReminder),
        })),
      )
      await writeLogs(
        tx,
        stored.map(({ id, number }, index) => ({
          change: {
            methodName: 'createInvoice',
            eventCollection: 'invoices',
            docId: String(id),
            userName: viewer.userName,
          },
          value: {
            number,
            plotId: invoices[index]!.plotId,
            payerId: invoices[index]!.payer.id,
            amount: invoices[index]!.amount,
          },
        })),
      )
      await writeLog(
        tx,
        {
          methodName: 'startRentYear',
          eventCollection: 'rent_years',
          docId: String(yearId),
          userName: viewer.userName,
        },
        {
          startDate,
          label,
          invoices: stored.length,
          total: invoices.reduce((sum, i) => sum + i.amount, 0),
        },
      )
      await settlePaidFlags(tx)
      return { yearId, label, created: stored.length }
    },
    ['rent_years:start', 'invoices:numbering'],
  )
}

function invoiceCopies(
  invoice: { plotId: string; payer: Tenant; amount: number },
  id: number,
  number: number,
  label: string,
  dueDate: string,
  instructions: string,
): OutgoingCopy[] {
  const { payer } = invoice
  const subject = rentMessages.rentInvoiceSubject(number, invoice.plotId, label)
  const body = rentMessages.rentInvoiceText(
    dearName(payer),
    penceText(invoice.amount),
    dueDate,
    instructions,
    invoiceReference(number),
  )
  return copiesForOne(payer, subject, () => body).map((copy) => ({
    ...copy,
    attachment: `invoice:${id}`,
  }))
}
