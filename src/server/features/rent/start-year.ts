import { grantsForPlot } from '#shared/domain/concessions'
import { copiesForOne, dearName, fullName } from '#shared/domain/message-copies'
import { penceText } from '#shared/domain/money'
import {
  checkInvoice,
  checkYearStart,
  invoiceDueDate,
  invoiceReference,
  linesTotal,
  sameSending,
  sendingTo,
  stepDate,
  yearLabel,
} from '#shared/domain/rent'
import { rentMessages } from '#shared/messages/rent'
import type { Person } from '#shared/schemas/person'
import type { StartYear, YearPreview } from '#shared/schemas/rent'
import type { Hooks } from '#server/core/hooks'
import type { ReadTx } from '#server/core/db/write-transaction'
import type { OutgoingCopy } from '#server/core/email/copies'
import { badRequest, conflict, unlessRefused } from '#server/core/errors'
import { deadlineAt, type JobKind } from '#server/core/jobs/runner'
import { loggedWrite } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { listPeople } from '#server/features/people/sql'
import { listPlots } from '#server/features/plots/sql'
import type { Rent } from '#server/features/rent/context'
import { paymentsFromPaidFlags, settlePaidFlags } from '#server/features/rent/paid-flags'
import { rentYearUnderWay } from '#server/features/rent/sql'
import { invoiceLines } from '#shared/domain/invoice-lines'
import { termsInForce } from '#server/features/rent/concessions-sql'
import { rentSettings, rulesBySite } from '#server/features/rent/settings'
import { lockedCredit, moveCredit } from '#server/features/rent/credit'
import {
  insertInvoices,
  insertYear,
  lastInvoiceNumber,
  startedYear,
} from '#server/features/rent/year-sql'
import { EVERY_SITE } from '#server/core/site-scope'

// Starting a rent year: one invoice per occupied plot, addressed to the tenant who pays, made
// all at once in one transaction with the e-mails and letters that carry them and the job that
// will chase each one. Numbers run on from the last invoice without gaps; starting the same year
// twice finds it started and makes nothing. Nothing is sent but what the preview said and the
// secretary confirmed, and no invoice is overdue, nor chased, on the day it is sent.

// The occupied plots in plot order, each with the record of the tenant who pays.
async function occupiedPlots(tx: ReadTx) {
  const [plots, people] = await Promise.all([listPlots(tx, EVERY_SITE), listPeople(tx, EVERY_SITE)])
  const byId = new Map(people.map((person) => [person.id, person]))
  return plots
    .filter((plot) => plot.occupied)
    .map((plot) => ({
      plotId: plot.id,
      plotName: plot.name,
      siteId: plot.siteId,
      fee: plot.fee,
      area: plot.area,
      sizeBand: plot.sizeBand,
      paid: plot.paid,
      payer: byId.get(plot.payer)!,
      tenants: plot.tenants,
    }))
}

// What starting the year on `startDate` makes when the invoices are issued on `issuedOn`. Each
// plot is charged its site's rates, or the organisation's where the site has none (decision 48).
async function plan(hooks: Hooks, tx: ReadTx, startDate: string, issuedOn: string) {
  const settings = await rentSettings(tx)
  const dueDate = invoiceDueDate(startDate, issuedOn, settings.daysToPay)
  // Before the first year the paid flag is the committee's tick box ("Rent paid? Y" from a sheet).
  const firstYear = !(await rentYearUnderWay(tx))
  const plots = await occupiedPlots(tx)
  // Each site's rates as they stand for a year starting on its day: a raise whose day comes
  // later is not charged yet (decision 62).
  const rules = await rulesBySite(
    tx,
    settings,
    plots.map((plot) => plot.siteId),
    startDate,
  )
  // The concessions in force on the day the invoices are issued (decision 57).
  const grants = await termsInForce(tx, issuedOn)
  const charged = plots.map((plot) => {
    const { payer } = plot
    const concessions = {
      flag: payer.concession,
      grants: grantsForPlot(grants.get(payer.id) ?? [], plot.plotId),
    }
    return invoiceLines(plot, concessions, rules.get(plot.siteId)!)
  })
  // The lines of the features above rent (last year's work hours): made with the invoices, so a
  // year already started keeps them whatever their settings become.
  const added = await Promise.all(
    hooks.rentYearLines.map((part) =>
      part(tx, {
        startDate,
        plots: plots.map((plot, at) => ({
          plotId: plot.plotId,
          siteId: plot.siteId,
          tenants: plot.tenants,
          total: linesTotal(charged[at]!),
        })),
      }),
    ),
  )
  const invoices = plots.flatMap((plot, at) => {
    const { payer } = plot
    const lines = [...charged[at]!, ...added.flatMap((lines) => lines.get(plot.plotId) ?? [])]
    const amount = unlessRefused(checkInvoice(plot.plotName, lines))
    const paidBefore = firstYear && plot.paid
    const { plotId, plotName, siteId } = plot
    return amount > 0 ? [{ plotId, plotName, siteId, payer, lines, amount, paidBefore }] : []
  })
  return {
    settings,
    dueDate,
    label: yearLabel(startDate),
    invoices,
    sending: sendingTo(invoices.map((invoice) => invoice.payer)),
  }
}

/**
 * What starting the year today would make and send, with nothing stored. `today` is the server's
 * (TODAY moves it), as for starting.
 */
export async function previewYear(
  { db, hooks }: Pick<Rent, 'db' | 'hooks'>,
  startDate: string,
  today: string,
): Promise<YearPreview> {
  unlessRefused(checkYearStart(startDate, today))
  const { settings, dueDate, label, invoices, sending } = await plan(
    hooks,
    db.kysely,
    startDate,
    today,
  )
  return {
    label,
    startDate,
    issuedOn: today,
    dueDate,
    firstReminder: stepDate(dueDate, 'first', settings.reminderDays),
    sending,
    alreadyStarted: (await startedYear(db.kysely, startDate)) !== undefined,
    invoices: invoices.map(({ plotId, plotName, siteId, payer, lines, amount, paidBefore }) => ({
      plotId,
      plotName,
      siteId,
      payerId: payer.id,
      payerName: fullName(payer),
      channel: payer.email.trim() === '' ? 'post' : payer.contactBy,
      lines,
      amount,
      paidBefore,
    })),
    total: invoices.reduce((sum, invoice) => sum + invoice.amount, 0),
  }
}

/**
 * Makes the year's invoices, their e-mails and letters and their deadlines, in one transaction,
 * and wakes the job runner to send them; refused when that is no longer what `confirmed` says
 * (a tenant or a plot changed since the preview).
 */
export async function startYear(
  rent: Rent,
  deadline: JobKind<{ invoiceId: number }>,
  viewer: Viewer,
  { startDate, confirmed, dropPaid }: StartYear,
) {
  const { db, clock, copies, jobs } = rent
  unlessRefused(checkYearStart(startDate, clock.today()))
  const started = await loggedWrite(
    db,
    ['rent_years:start', 'invoices:numbering'],
    async (tx, log) => {
      const existing = await startedYear(tx, startDate)
      if (existing) return { yearId: existing.id, label: existing.label, created: 0 }
      const createdAt = clock.now().toISOString()
      const issuedOn = clock.today()
      const { settings, dueDate, label, invoices, sending } = await plan(
        rent.hooks,
        tx,
        startDate,
        issuedOn,
      )
      if (invoices.length === 0) throw badRequest(rentMessages.noPlotsToInvoice)
      if (!sameSending(sending, confirmed)) throw conflict(rentMessages.sendingChanged)
      const yearId = await insertYear(tx, {
        startDate,
        dueDate,
        label,
        createdBy: viewer.userName,
        createdAt,
      })
      const firstNumber = (await lastInvoiceNumber(tx)) + 1
      const stored = await insertInvoices(
        tx,
        yearId,
        invoices.map((invoice, index) => ({
          invoice: {
            number: firstNumber + index,
            plotId: invoice.plotId,
            payerId: invoice.payer.id,
            payerName: fullName(invoice.payer),
            payerAddress: invoice.payer.address,
            issuedOn,
            dueDate,
            amount: invoice.amount,
            createdAt,
          },
          lines: invoice.lines,
        })),
      )
      // Credit the payers hold pays their new invoices at once (decision 33).
      const moves = await moveCredit(
        rent,
        viewer,
        tx,
        log,
        [
          ...(await lockedCredit(rent, tx, { scope: EVERY_SITE })),
          ...stored.map(({ id, number }, index) => ({
            id,
            number,
            plotId: invoices[index]!.plotId,
            payerId: invoices[index]!.payer.id,
            outstanding: invoices[index]!.amount,
            cancelled: false,
          })),
        ],
        { date: issuedOn, requestId: `rent-year-${yearId}` },
      )
      const fromCredit = new Map<number, number>()
      for (const move of moves)
        fromCredit.set(move.to, (fromCredit.get(move.to) ?? 0) + move.amount)
      await copies.queue(
        tx,
        {
          subject: rentMessages.rentInvoicesBatch(label),
          body: rentMessages.rentInvoicesBatch(label),
          audience: rentMessages.rentPayers,
          createdBy: viewer.userName,
        },
        stored.flatMap(({ id, number }, index) =>
          invoiceCopies(
            invoices[index]!,
            invoices[index]!.amount - (fromCredit.get(id) ?? 0),
            id,
            number,
            label,
            dueDate,
            settings.paymentInstructions,
          ),
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
      stored.forEach(({ id, number }, index) =>
        log(
          {
            methodName: 'createInvoice',
            eventCollection: 'invoices',
            docId: String(id),
            userName: viewer.userName,
          },
          {
            number,
            plotId: invoices[index]!.plotId,
            payerId: invoices[index]!.payer.id,
            amount: invoices[index]!.amount,
          },
        ),
      )
      log(
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
      const kept = stored.flatMap(({ id }, index) => {
        const { paidBefore, plotId, amount } = invoices[index]!
        return paidBefore && !dropPaid.includes(plotId) ? [{ id, amount }] : []
      })
      await paymentsFromPaidFlags(tx, log, viewer, kept, createdAt, issuedOn)
      await settlePaidFlags(db, tx)
      return { yearId, label, created: stored.length }
    },
  )
  if (started.created > 0) jobs.wake()
  return started
}

/** The e-mails and letters that carry one invoice to its payer, `due` of it still to pay. */
export function invoiceCopies(
  invoice: { plotName: string; payer: Person },
  due: number,
  id: number,
  number: number,
  label: string,
  dueDate: string,
  instructions: string,
): OutgoingCopy[] {
  const { payer } = invoice
  const subject = rentMessages.rentInvoiceSubject(number, invoice.plotName, label)
  const body = rentMessages.rentInvoiceText(
    dearName(payer),
    penceText(due),
    dueDate,
    instructions,
    invoiceReference(number),
  )
  return copiesForOne(payer, subject, () => body).map((copy) => ({
    ...copy,
    attachment: `invoice:${id}`,
  }))
}
