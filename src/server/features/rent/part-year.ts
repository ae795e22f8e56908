import { grantsForPlot } from '#shared/domain/concessions'
import { randomUUID } from 'node:crypto'
import { fullName } from '#shared/domain/message-copies'
import {
  amountFor,
  monthsCharged,
  monthsHeld,
  partYearLines,
  type LeavingChoice,
} from '#shared/domain/part-year'
import { checkEntry, checkInvoice, invoiceDueDate, NO_ENTRIES, stepDate } from '#shared/domain/rent'
import { partYearMessages } from '#shared/messages/part-year'
import { rentMessages } from '#shared/messages/rent'
import { lockRecords, type WriteTx } from '#server/core/db/write-transaction'
import { conflict, unlessRefused } from '#server/core/errors'
import type { TenancyEnding } from '#server/core/hooks'
import { deadlineAt, type JobKind } from '#server/core/jobs/runner'
import {
  loggedChange,
  recordKey,
  type LogEntry,
  type LoggedChange,
} from '#server/core/logged-change'
import { EVERY_SITE, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { requirePerson } from '#server/features/people/sql'
import { findPlot } from '#server/features/plots/sql'
import type { Rent } from '#server/features/rent/context'
import { invoiceLines } from '#shared/domain/invoice-lines'
import { termsInForce } from '#server/features/rent/concessions-sql'
import { lockedCredit, moveCredit } from '#server/features/rent/credit'
import { requirePlotsInScope } from '#server/features/rent/invoice-scope'
import { insertEntry } from '#server/features/rent/ledger-sql'
import { settlePaidFlags } from '#server/features/rent/paid-flags'
import { rentSettings, rentSettingsForSiteOn } from '#server/features/rent/settings'
import { invoiceCopies } from '#server/features/rent/start-year'
import { currentYear, entrySums, findInvoices } from '#server/features/rent/sql'
import { insertInvoice, invoiceMonths } from '#server/features/rent/part-year-sql'
import { lastInvoiceNumber } from '#server/features/rent/year-sql'

// Part of a rent year (issue 43). A plot let after the year started is invoiced to its payer for
// the months left, by the rent settings' rule: by itself when an offer is accepted, by hand
// ("Raise an invoice") for any tenancy. A tenant leaving has their open invoice for the plot stand,
// reduced to the months held, or written off, as the committee answers: a write-off entry in
// the ledger either way, never an edit.

type Deadline = JobKind<{ invoiceId: number }>

/** Why a plot cannot be invoiced now, or the invoice it gets: made inside the caller's write. */
async function invoiceRestOfYear(
  rent: Rent,
  deadline: Deadline,
  tx: WriteTx,
  plotId: string,
  userName: string,
  log: LogEntry | undefined,
): Promise<{ refusal: string } | { id: number; number: number }> {
  const year = await currentYear(tx)
  if (!year) return { refusal: partYearMessages.noYearToInvoice }
  const plot = await findPlot(tx, plotId)
  if (!plot?.occupied) return { refusal: partYearMessages.nothingToInvoice(plot?.name ?? plotId) }
  // One invoice a year for those holding the plot: a leaver's does not count for the next tenant.
  const held = await findInvoices(tx, { scope: EVERY_SITE, yearId: year.id, plotId })
  if (held.some((invoice) => !invoice.cancelled && plot.tenants.includes(invoice.payerId)))
    return { refusal: partYearMessages.alreadyInvoiced(plot.name) }
  // The organisation's settings with the plot's site's own rates (decision 48), as they stand for
  // the year's start: a raise whose day comes later is not charged yet (decision 62).
  const [settings, payer] = await Promise.all([
    rentSettingsForSiteOn(tx, plot.siteId, year.startDate),
    requirePerson(tx, plot.payer),
  ])
  const issuedOn = rent.clock.today()
  const months = monthsCharged(settings.partYear, year.startDate, issuedOn)
  const grants = grantsForPlot(
    (await termsInForce(tx, issuedOn, [payer.id])).get(payer.id) ?? [],
    plotId,
  )
  const concessions = { flag: payer.concession, grants }
  const lines = partYearLines(invoiceLines(plot, concessions, settings), months)
  const amount = unlessRefused(checkInvoice(plot.name, lines))
  if (months === 0 || amount <= 0) return { refusal: partYearMessages.nothingToInvoice(plot.name) }
  // Numbers run on without gaps: one invoice is numbered at a time, as a year's are.
  await lockRecords(rent.db, tx, ['invoices:numbering'])
  const number = (await lastInvoiceNumber(tx)) + 1
  const dueDate = invoiceDueDate(year.startDate, issuedOn, settings.daysToPay)
  const id = await insertInvoice(
    tx,
    {
      number,
      yearId: year.id,
      plotId,
      payerId: payer.id,
      payerName: fullName(payer),
      payerAddress: payer.address,
      issuedOn,
      dueDate,
      amount,
      months,
      createdAt: rent.clock.now().toISOString(),
    },
    lines,
  )
  // Credit the payer holds pays the new invoice at once, as it does a new year's (decision 33).
  const inCredit = await lockedCredit(rent, tx, { scope: EVERY_SITE, payerId: payer.id })
  const moves = await moveCredit(
    rent,
    { userName },
    tx,
    log ?? (() => undefined),
    [...inCredit, { id, number, plotId, payerId: payer.id, outstanding: amount, cancelled: false }],
    { date: issuedOn, requestId: `invoice-${id}` },
  )
  const fromCredit = moves.reduce((sum, move) => sum + move.amount, 0)
  await rent.copies.queue(
    tx,
    {
      subject: rentMessages.rentInvoicesBatch(year.label),
      body: rentMessages.rentInvoicesBatch(year.label),
      audience: rentMessages.rentPayers,
      createdBy: userName,
    },
    invoiceCopies(
      { plotName: plot.name, payer },
      amount - fromCredit,
      id,
      number,
      year.label,
      dueDate,
      settings.paymentInstructions,
    ),
  )
  await rent.jobs.enqueueMany(tx, deadline, [
    {
      payload: { invoiceId: id },
      runAt: deadlineAt(stepDate(dueDate, 'first', settings.reminderDays)),
    },
  ])
  await settlePaidFlags(rent.db, tx, [plotId])
  log?.(
    { methodName: 'createInvoice', eventCollection: 'invoices', docId: String(id), userName },
    { number, plotId, payerId: payer.id, amount, months },
  )
  return { id, number }
}

/**
 * "Raise an invoice": the plot's payer, for the rest of the year; 409 when there is nothing to,
 * 403 for a plot of a site outside the scope. Logged as a change to the plot (naming its site),
 * so that a refused attempt is logged too, and the invoice it makes as created.
 */
export async function raiseInvoice(
  rent: Rent,
  deadline: Deadline,
  viewer: Viewer,
  scope: SiteScope,
  plotId: string,
) {
  const change: LoggedChange = {
    methodName: 'raiseInvoice',
    eventCollection: 'plots',
    docId: plotId,
    userName: viewer.userName,
    alsoLocks: ['invoices:numbering'],
  }
  const raised = await loggedChange(rent.db, change, async (tx, log) => {
    await requirePlotsInScope(tx, scope, [plotId], change)
    const made = await invoiceRestOfYear(rent, deadline, tx, plotId, viewer.userName, log)
    if ('refusal' in made) throw conflict(made.refusal)
    return made
  })
  rent.jobs.wake()
  return raised
}

/** An offer accepted (the plotLet hook): the new tenant's invoice, when the year has one to give. */
export function invoiceLetPlot(rent: Rent, deadline: Deadline) {
  return async (tx: WriteTx, { plotId, userName }: { plotId: string; userName: string }) => {
    await invoiceRestOfYear(rent, deadline, tx, plotId, userName, undefined)
  }
}

/**
 * A tenancy ending (the endingTenancy hook): the leaver's open invoice for the plot this year is
 * reduced to the months held, or written off, as the committee chose; it stands otherwise.
 */
export function settleLeaversInvoice(rent: Rent) {
  return async (tx: WriteTx, ending: TenancyEnding) => {
    const choice: LeavingChoice = ending.invoice ?? 'stands'
    if (choice === 'stands') return
    const year = await currentYear(tx)
    if (!year) return
    const open = await findInvoices(tx, {
      scope: EVERY_SITE,
      yearId: year.id,
      plotId: ending.plotId,
      payerId: ending.personId,
    })
    const invoice = open.find((candidate) => candidate.outstanding > 0 && !candidate.cancelled)
    if (!invoice) return
    await lockRecords(rent.db, tx, [recordKey('invoices', String(invoice.id))])
    const leftOn = ending.endedOn
    const settings = await rentSettings(tx)
    let amount = invoice.outstanding
    let reference = partYearMessages.writtenOffReference(invoice.plotName, leftOn)
    if (choice === 'reduce') {
      const covered = await invoiceMonths(tx, invoice.id)
      const rule = settings.partYear === 'quarters' ? 'quarters' : 'months'
      const held = monthsHeld(rule, year.startDate, leftOn, covered)
      // What was paid beyond the months held stays paid: the reduction takes only what is owed.
      amount = Math.min(
        invoice.outstanding,
        invoice.amount - amountFor(invoice.amount, held, covered),
      )
      reference = partYearMessages.reducedReference(held, invoice.plotName, leftOn)
    }
    if (amount <= 0) return
    const sums =
      (await entrySums(tx, { scope: EVERY_SITE, ids: [invoice.id] })).get(invoice.id) ?? NO_ENTRIES
    await insertEntry(tx, {
      invoiceId: invoice.id,
      kind: 'writeoff',
      amount: unlessRefused(checkEntry({ amount: invoice.amount, sums }, 'writeoff', amount)),
      method: null,
      // Written off on the day it is recorded; the months held are counted to the day they left.
      date: rent.clock.today(),
      reference,
      requestId: randomUUID(),
      statementLine: null,
      createdBy: ending.userName,
      createdAt: rent.clock.now().toISOString(),
    })
    await settlePaidFlags(rent.db, tx, [ending.plotId])
  }
}
