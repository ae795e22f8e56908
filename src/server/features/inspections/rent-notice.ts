import { longDate } from '#shared/domain/dates'
import {
  copiesForOne,
  filledLetter,
  firstPersonsCopies,
  fullName,
  personValues,
  reachOf,
  type Copy,
} from '#shared/domain/message-copies'
import { penceText } from '#shared/domain/money'
import { rentNoticeTerms, type RentNoticeTerms } from '#shared/domain/rent-notice'
import { rentMessages } from '#shared/messages/rent'
import { noticeToQuitMessages } from '#shared/messages/notice-to-quit'
import type { Person } from '#shared/schemas/person'
import type { Invoice, RunningRentNotice } from '#shared/schemas/rent'
import type { RentNoticePreview, RentNoticeSent } from '#shared/schemas/rent-notices'
import { confirmationOf } from '#server/core/confirmation'
import { associationDetails } from '#server/core/db/association-settings'
import type { ReadTx } from '#server/core/db/write-transaction'
import { conflict, notFound, unlessRefused, unprocessable } from '#server/core/errors'
import { loggedChange, recordKey, type LoggedChange } from '#server/core/logged-change'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import type { Inspections } from '#server/features/inspections/context'
import { scheduleDeadline } from '#server/features/inspections/notices'
import * as noticesRepo from '#server/features/inspections/notices-sql'
import * as peopleRepo from '#server/features/people/sql'
import * as plotsRepo from '#server/features/plots/sql'
import { findInvoice } from '#server/features/rent/sql'

// Notice to quit for rent (issue 47, item 6, decision 61): rent unpaid 40 days after it is due
// allows one month's notice to quit (the Allotments Act 1922). It is the inspections' notice to
// quit given for another reason: kept in the same table, sent to the plot's tenants through the
// same copies, ended by the same deadline job (decision 37's path), paused and resumed as any
// notice. The arrears list offers it; nothing is sent unseen (decision 39): the committee first
// sees whom it reaches, the sum owed, the day it ends and the letter, and the send carries the
// preview's confirmation.

/** A notice for an invoice's rent as it would be given today. */
interface RentNoticePlan {
  invoice: Invoice
  terms: RentNoticeTerms
  tenants: Person[]
  copies: Copy[]
}

/**
 * The invoice, in the scope (403 otherwise, its site named in the change under way), and the
 * notice it allows today: refused (422) as `rentNoticeTerms` says, or when the plot has no tenant.
 */
async function planRentNotice(
  tx: ReadTx,
  { config }: Inspections,
  scope: SiteScope,
  invoiceId: number,
  today: string,
  change?: { sites?: readonly number[] },
): Promise<RentNoticePlan> {
  const invoice = await findInvoice(tx, invoiceId)
  if (!invoice) throw notFound(rentMessages.invoiceMissing(invoiceId))
  if (change) change.sites = [invoice.siteId]
  requireSiteInScope(scope, invoice.siteId)
  const [forInvoice, onPlot, plot] = await Promise.all([
    noticesRepo.openRentNoticeOf(tx, invoice.id),
    noticesRepo.openQuitOf(tx, invoice.plotId),
    plotsRepo.findPlot(tx, invoice.plotId),
  ])
  const terms = unlessRefused(
    rentNoticeTerms(invoice, today, { forInvoice: !!forInvoice, onPlot: !!onPlot }),
  )
  if (!plot || plot.tenants.length === 0) throw unprocessable(noticeToQuitMessages.noTenant)
  const tenants = await Promise.all(plot.tenants.map((id) => peopleRepo.requirePerson(tx, id)))
  const association = await associationDetails(tx, config)
  const copies = tenants.flatMap((person) => {
    const { subject, body } = filledLetter(noticeToQuitMessages.letter, {
      ...personValues(person, association),
      plot: invoice.plotName,
      invoiceNumber: String(invoice.number),
      rentOverdue: penceText(terms.overdue),
      rentDueOn: longDate(terms.dueOn),
      tenancyEndsOn: longDate(terms.endsOn),
    })
    return copiesForOne(person, subject, () => body)
  })
  return { invoice, terms, tenants, copies }
}

/** What the confirm step shows, and the confirmation of it and of who gets which copy. */
function previewOf({ invoice, terms, tenants, copies }: RentNoticePlan, mailServer: boolean) {
  const shown = {
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
    plotId: invoice.plotId,
    plotName: invoice.plotName,
    payerName: invoice.payerName,
    tenants: tenants.map(fullName),
    outstanding: invoice.outstanding,
    overdue: terms.overdue,
    dueOn: terms.dueOn,
    daysPastDue: terms.daysPastDue,
    endsOn: terms.endsOn,
    ...reachOf(copies),
    sample: { name: fullName(tenants[0]!), copies: firstPersonsCopies(copies) },
  }
  const to = copies.map((copy) => [copy.personId, copy.channel, copy.recipient, copy.body])
  return { ...shown, mailServer, confirmation: confirmationOf({ shown, to }) }
}

/** The notice to quit the invoice's rent allows today, before anything is sent. */
export async function previewRentNotice(
  inspections: Inspections,
  scope: SiteScope,
  invoiceId: number,
): Promise<RentNoticePreview> {
  const { db, clock, mailer } = inspections
  const plan = await planRentNotice(db.kysely, inspections, scope, invoiceId, clock.today())
  return previewOf(plan, mailer.kind === 'smtp')
}

/**
 * Gives the notice as its preview showed it (409 when it would now say otherwise or reach others):
 * stored as a notice to quit of the plot for this invoice, its letters and e-mails queued, its
 * deadline's job stored, in one logged change of the plot. Refused, nothing is changed.
 */
export async function sendRentNotice(
  inspections: Inspections,
  viewer: Viewer,
  scope: SiteScope,
  invoiceId: number,
  confirmation: string,
): Promise<RentNoticeSent> {
  const { db, clock, copies } = inspections
  // The invoice's plot, read first to lock it; everything is read again under the lock.
  const before = await findInvoice(db.kysely, invoiceId)
  const change: LoggedChange = {
    methodName: 'sendRentNotice',
    eventCollection: 'plots',
    docId: before?.plotId ?? '',
    userName: viewer.userName,
    alsoLocks: [recordKey('invoices', String(invoiceId))],
  }
  return loggedChange(
    db,
    change,
    async (tx) => {
      const today = clock.today()
      const plan = await planRentNotice(tx, inspections, scope, invoiceId, today, change)
      if (previewOf(plan, false).confirmation !== confirmation)
        throw conflict(noticeToQuitMessages.noticeChanged)
      const { invoice, terms, tenants } = plan
      const notice = await noticesRepo.insertNotice(tx, {
        plotId: invoice.plotId,
        stage: 'quit',
        reason: 'rent',
        roundId: null,
        inspectionId: null,
        invoiceId: invoice.id,
        tenants: tenants.map((person) => person.id),
        sentOn: today,
        deadline: terms.endsOn,
        createdBy: viewer.userName,
      })
      await copies.queue(
        tx,
        {
          subject: noticeToQuitMessages.batch(invoice.plotName),
          body: noticeToQuitMessages.batch(invoice.plotName),
          audience: noticeToQuitMessages.audience(invoice.plotName),
          createdBy: viewer.userName,
          key: `rent-notice:${notice.id}`,
          sites: [invoice.siteId],
        },
        plan.copies,
      )
      await scheduleDeadline(inspections, tx, notice.id, terms.endsOn)
      return {
        noticeId: notice.id,
        invoiceId: invoice.id,
        plotId: invoice.plotId,
        plotName: invoice.plotName,
        tenants: tenants.map((person) => person.id),
        overdue: terms.overdue,
        endsOn: terms.endsOn,
      }
    },
    { invoiceId },
  )
}

/** The notices to quit running for these invoices, by invoice id (the arrears list's). */
export async function runningRentNotices(
  tx: ReadTx,
  invoiceIds: readonly number[],
): Promise<Map<number, RunningRentNotice>> {
  const wanted = new Set(invoiceIds)
  const running = new Map<number, RunningRentNotice>()
  for (const notice of await noticesRepo.openRentNotices(tx))
    if (notice.invoiceId !== null && wanted.has(notice.invoiceId))
      running.set(notice.invoiceId, { sentOn: notice.sentOn, endsOn: notice.deadline })
  return running
}
