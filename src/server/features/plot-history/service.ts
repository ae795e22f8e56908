import { inspectionMessages } from '#shared/messages/inspections'
import { depositMessages } from '#shared/messages/deposits'
import { invoiceMessages } from '#shared/messages/invoices'
import { rentNoticeMessages } from '#shared/messages/rent-notices'
import { offerMessages } from '#shared/messages/offers'
import { plotHistoryMessages as words } from '#shared/messages/plot-history'
import { plotMessages } from '#shared/messages/plots'
import { noticeToQuitMessages } from '#shared/messages/notice-to-quit'
import { tenancyEndMessages as endWords } from '#shared/messages/tenancy-end'
import { fullName } from '#shared/domain/message-copies'
import { penceText } from '#shared/domain/money'
import type { HistoryEvent } from '#shared/schemas/plot-history'
import type { Db } from '#server/core/db/database'
import { notFound } from '#server/core/errors'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import * as noticesRepo from '#server/features/inspections/notices-sql'
import * as inspectionsRepo from '#server/features/inspections/sql'
import * as lettingRepo from '#server/features/letting/sql'
import * as logsRepo from '#server/features/logs/sql'
import * as peopleRepo from '#server/features/people/sql'
import { tenancyEndsOfPlot } from '#server/features/people/tenancy-ends-sql'
import * as plotsRepo from '#server/features/plots/sql'
import { depositsOfPlot } from '#server/features/rent/deposits-sql'
import { noticesOfPlot as raiseNoticesOfPlot } from '#server/features/rent/rate-raises-sql'
import * as rentRepo from '#server/features/rent/sql'

// What happened to a plot, from the records of every feature that keeps one: its tenants coming
// and going, its inspections with their photos, the notices sent, its invoices and its offers.

const event = (
  at: string,
  kind: HistoryEvent['kind'],
  title: string,
  detail = '',
): HistoryEvent => ({ at, kind, title, detail, photos: [] })

export async function plotHistory(
  { db }: { db: Db },
  scope: SiteScope,
  plotId: string,
): Promise<HistoryEvent[]> {
  const tx = db.kysely
  const plot = await plotsRepo.findPlot(tx, plotId)
  if (!plot) throw notFound(plotMessages.plotMissing(plotId))
  requireSiteInScope(scope, plot.siteId)
  const [tenancies, ends, inspections, notices, invoices, offers, deposits, raises] =
    await Promise.all([
      logsRepo.tenancyChangesOf(tx, plotId),
      tenancyEndsOfPlot(tx, plotId),
      inspectionsRepo.plotInspections(tx, plotId),
      noticesRepo.noticesOfPlot(tx, plotId),
      rentRepo.findInvoices(tx, { scope, plotId }),
      lettingRepo.offersOfPlot(tx, plotId),
      depositsOfPlot(tx, plotId),
      raiseNoticesOfPlot(tx, plotId),
    ])
  const invoiceNumbers = new Map(invoices.map((invoice) => [invoice.id, invoice.number]))
  const names = new Map<string, string>()
  const people = [
    ...notices.flatMap(noticesRepo.noticeTenants),
    ...offers.map((o) => o.personId),
    ...deposits.map((d) => d.personId),
    ...raises.map((r) => r.personId),
  ]
  for (const id of new Set(people)) {
    const person = await peopleRepo.findPerson(tx, id)
    names.set(id, person ? fullName(person) : id)
  }
  const events: HistoryEvent[] = [
    ...tenancies.map(({ at, added, name }) =>
      event(at, 'tenancy', added ? words.tenantAdded(name) : words.tenantLeft(name)),
    ),
    ...ends.map((end) =>
      event(
        end.endedOn,
        'tenancy',
        endWords.historyEnded(
          fullName({
            id: end.personId,
            firstName: end.firstName ?? '',
            lastName: end.lastName ?? '',
          }),
        ),
        endWords.historyEndDetail(endWords.reasons[end.reason], end.beganOn),
      ),
    ),
    ...inspections.map((record) => ({
      ...event(
        record.recordedAt,
        'inspection',
        words.inspected(record.grade, record.cultivated),
        [record.notes, words.inspectedBy(record.inspectedBy)].filter(Boolean).join(' '),
      ),
      photos: record.photos,
    })),
    ...notices.flatMap((notice) => {
      const stage = inspectionMessages.letterStage[notice.stage]
      const tenants = noticesRepo.noticeTenants(notice).map((id) => names.get(id) ?? id)
      // A notice to quit given for rent (decision 61) says so, and which invoice.
      const why =
        notice.reason === 'rent'
          ? `${noticeToQuitMessages.historyForRent(invoiceNumbers.get(notice.invoiceId ?? 0))} `
          : ''
      const sent = event(
        notice.sentOn,
        'notice',
        words.noticeSent(stage, tenants),
        `${why}${words.noticeDeadline(notice.stage, notice.deadline)} ${inspectionMessages.noticeStatus[notice.status]}.`,
      )
      return notice.status === 'ended' && notice.closedOn
        ? [sent, event(notice.closedOn, 'tenancy', words.noticeEnded)]
        : [sent]
    }),
    ...invoices.map((invoice) =>
      event(
        invoice.issuedOn,
        'invoice',
        words.invoiced(invoice.number, invoice.yearLabel, invoice.amount),
        words.invoiceState(invoice.payerName, invoice.outstanding),
      ),
    ),
    ...offers.flatMap((offer) => {
      const made = event(
        offer.createdAt,
        'offer',
        words.offered(names.get(offer.personId) ?? offer.personId),
        words.offerAnswered(offerMessages.offerStatus[offer.status]),
      )
      return offer.status === 'accepted' && offer.answeredAt
        ? [made, event(offer.answeredAt, 'tenancy', words.accepted(names.get(offer.personId)!))]
        : [made]
    }),
    ...deposits.flatMap((deposit) =>
      deposit.entries.map((entry) => {
        const name = names.get(deposit.personId) ?? deposit.personId
        const amount = penceText(entry.amount)
        const title =
          entry.kind === 'kept'
            ? depositMessages.historyKept(deposit.kindName, amount)
            : entry.kind === 'returned'
              ? depositMessages.historyReturned(deposit.kindName, amount, name)
              : depositMessages.historyTaken(deposit.kindName, amount, name)
        return event(
          entry.date,
          'deposit',
          title,
          depositMessages.entryBy(entry.reason, entry.createdBy),
        )
      }),
    ),
    // A notice of a rent rise (decision 62), when the rates were raised.
    ...raises.map((raise) =>
      event(
        raise.madeAt,
        'notice',
        rentNoticeMessages.raiseHistory(
          names.get(raise.personId) ?? raise.personId,
          raise.oldAmount,
          raise.newAmount,
          raise.takesEffect,
        ),
        invoiceMessages.rateNoticeBy(raise.madeBy),
      ),
    ),
  ]
  return events.sort((a, b) => placeInTime(b).localeCompare(placeInTime(a)))
}

// Newest first. A date alone stands for its day's start, so a moment of that day comes before it;
// but a notice is sent after the inspection it follows, so a notice stands for its day's end.
const placeInTime = ({ at, kind }: HistoryEvent) =>
  kind === 'notice' && at.length === 10 ? `${at}T24` : at
