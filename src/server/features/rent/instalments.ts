import { splitInstalments } from '#shared/domain/instalments'
import { nextChase } from '#shared/domain/rent-chase'
import { instalmentMessages } from '#shared/messages/instalments'
import { commonMessages } from '#shared/messages/common'
import { rentMessages } from '#shared/messages/rent'
import type { InstalmentSplit, InvoiceDetail } from '#shared/schemas/rent'
import { badRequest, conflict, notFound } from '#server/core/errors'
import { deadlineAt, type JobKind } from '#server/core/jobs/runner'
import { loggedChange, type LoggedChange } from '#server/core/logged-change'
import type { SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import type { Rent } from '#server/features/rent/context'
import { requirePlotsInScope } from '#server/features/rent/invoice-scope'
import { invoiceDetail } from '#server/features/rent/invoices'
import { insertPlan } from '#server/features/rent/instalments-sql'
import { rentSettings } from '#server/features/rent/settings'
import { findInvoice } from '#server/features/rent/sql'

// Splitting an invoice into instalments (issue 47, item 3, decision 60): what it still owes, into
// a number of instalments or in instalments of an amount, monthly from the first due date. A new
// split replaces the last (the next version, against the version read); the ledger is not
// touched. The invoice's deadline job is woken for the first instalment's reminder.

export function splitInvoice(
  rent: Rent,
  deadline: JobKind<{ invoiceId: number }>,
  viewer: Viewer,
  scope: SiteScope,
  invoiceId: number,
  input: InstalmentSplit,
): Promise<InvoiceDetail> {
  const { db, clock, jobs } = rent
  const change: LoggedChange = {
    methodName: 'splitInstalments',
    eventCollection: 'invoices',
    docId: String(invoiceId),
    userName: viewer.userName,
  }
  return loggedChange(
    db,
    change,
    async (tx) => {
      const invoice = await findInvoice(tx, invoiceId)
      if (!invoice) throw notFound(rentMessages.invoiceMissing(invoiceId))
      await requirePlotsInScope(tx, scope, [invoice.plotId], change)
      if ((invoice.split?.version ?? 0) !== input.version)
        throw conflict(commonMessages.staleVersion)
      if (invoice.cancelled) throw badRequest(instalmentMessages.cancelledInvoice)
      if (input.firstDueDate < invoice.issuedOn)
        throw badRequest(instalmentMessages.firstDueBeforeIssue(invoice.issuedOn))
      const { count, amount } = input
      if ((count === undefined) === (amount === undefined))
        throw badRequest(instalmentMessages.countOrAmount)
      const by = count !== undefined ? { count } : { amount: amount! }
      const instalments = splitInstalments(invoice.outstanding, input.firstDueDate, by)
      if (!instalments.ok) throw badRequest(instalments.message)
      await insertPlan(
        tx,
        {
          invoiceId,
          version: input.version + 1,
          coveredBefore: invoice.amount - invoice.outstanding,
          madeBy: viewer.userName,
          madeAt: clock.now().toISOString(),
        },
        instalments.value,
      )
      const settings = await rentSettings(tx)
      const split = await findInvoice(tx, invoiceId)
      const next = split && nextChase(split, settings.reminderDays)
      if (next) await jobs.enqueueBy(tx, deadline, { invoiceId }, deadlineAt(next.date))
      return { version: input.version + 1, instalments: instalments.value }
    },
    { invoiceId, ...input },
  ).then(() => invoiceDetail(rent, scope, invoiceId))
}
