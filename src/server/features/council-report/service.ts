import { councilReportMessages as words } from '#shared/messages/council-report'
import {
  addLists,
  councilFigures,
  NO_LIST,
  NO_RENT,
  reportYears,
  yearOf,
  type ReportLetting,
  type ReportList,
  type ReportPlot,
  type ReportRent,
} from '#shared/domain/council-report'
import { londonDate } from '#shared/domain/dates'
import { invoiceTotals } from '#shared/domain/rent'
import type { CouncilFigures, CouncilReport } from '#shared/schemas/council-report'
import type { RentYear } from '#shared/schemas/rent'
import type { Db } from '#server/core/db/database'
import { badRequest } from '#server/core/errors'
import { toCsv, type Column } from '#server/core/http/csv'
import { seesSite, type SiteScope } from '#server/core/site-scope'
import { acceptedOffers } from '#server/features/letting/sql'
import { joinedDays, listsForReport } from '#server/features/people/waiting-places-sql'
import { plotStates } from '#server/features/plots/sql'
import { findInvoices, listYears } from '#server/features/rent/sql'
import { listSites } from '#server/features/sites/sql'

// What councils are asked (issue 46, item 6; decision 52): each site's figures in scope for a
// year and their total, read from the records of the features that keep them. Rent is the rent
// year that starts in the year asked for, summed as rent's year summary is (`invoiceTotals`).

/** Each site's rent in the rent year given (none started that year: nothing invoiced), from one
 * read of the year's invoices in scope, each on its plot's site. */
async function rentBySite(
  db: Db,
  scope: SiteScope,
  plotSite: ReadonlyMap<string, number>,
  rentYear: RentYear | undefined,
): Promise<Map<number, ReportRent>> {
  const rent = new Map<number, ReportRent>()
  if (!rentYear) return rent
  const invoices = await findInvoices(db.kysely, { scope, yearId: rentYear.id })
  for (const [siteId, ofSite] of groupBySite(invoices, (invoice) => plotSite.get(invoice.plotId))) {
    const summary = invoiceTotals(ofSite)
    rent.set(siteId, {
      invoiced: summary.invoiced,
      paid: summary.received - summary.refunded,
      arrears: summary.outstanding,
    })
  }
  return rent
}

/** Rows by their site, in one pass (those of no site known are left out). */
function groupBySite<T>(rows: readonly T[], siteOf: (row: T) => number | undefined) {
  const grouped = new Map<number, T[]>()
  for (const row of rows) {
    const siteId = siteOf(row)
    if (siteId === undefined) continue
    const same = grouped.get(siteId)
    if (same) same.push(row)
    else grouped.set(siteId, [row])
  }
  return grouped
}

const addRent = (a: ReportRent, b: ReportRent): ReportRent => ({
  invoiced: a.invoiced + b.invoiced,
  paid: a.paid + b.paid,
  arrears: a.arrears + b.arrears,
})

/** The report for `year` (the current one by default) of the sites in scope. */
export async function councilReport(
  db: Db,
  scope: SiteScope,
  today: string,
  asked?: number,
): Promise<CouncilReport> {
  const current = yearOf(today)
  const year = asked ?? current
  if (year > current) throw badRequest(words.futureYear)
  const tx = db.kysely
  const [sites, plots, lists, offers, rentYears] = await Promise.all([
    listSites(tx),
    plotStates(tx, scope),
    listsForReport(tx, scope, `${year}-12-31`),
    acceptedOffers(tx),
    listYears(tx),
  ])
  const inScope = sites.filter((site) => seesSite(scope, site.id))
  const plotSite = new Map(plots.map((plot) => [plot.id, plot.siteId]))
  const accepted = offers.filter((offer) => offer.answeredAt && plotSite.has(offer.plotId))
  const joined = await joinedDays(
    tx,
    accepted.map((offer) => offer.personId),
  )
  const lettings: ReportLetting[] = accepted.map((offer) => {
    const siteId = plotSite.get(offer.plotId)!
    return {
      personId: offer.personId,
      siteId,
      acceptedOn: londonDate(new Date(offer.answeredAt!)),
      joinedOn: joined.get(`${offer.personId} ${siteId}`) ?? '',
    }
  })
  const rent = await rentBySite(
    db,
    scope,
    plotSite,
    rentYears.find((row) => yearOf(row.startDate) === year),
  )
  const bySite = <T extends { siteId: number }>(rows: readonly T[]) => {
    const grouped = groupBySite(rows, (row) => row.siteId)
    return (siteId: number) => grouped.get(siteId) ?? []
  }
  const plotsOf = bySite(plots)
  const lettingsOf = bySite(lettings)
  const acceptedOf = bySite(lists.acceptedBy)
  const listOf = (siteId: number): ReportList => {
    const counted = lists.counts.get(siteId)
    return {
      open: counted?.open ?? 0,
      openByYearEnd: counted?.openBy ?? 0,
      acceptedByYearEnd: acceptedOf(siteId),
    }
  }
  const figures = (
    records: { plots: ReportPlot[]; list: ReportList; lettings: ReportLetting[] },
    siteRent: ReportRent,
  ) => councilFigures({ ...records, rent: siteRent }, year, today)
  const siteLists = inScope.map((site) => listOf(site.id))
  return {
    year,
    years: reportYears(current, [
      lists.earliest,
      ...lettings.map((letting) => letting.acceptedOn),
      ...rentYears.map((row) => row.startDate),
    ]),
    sites: inScope.map((site, at) => ({
      siteId: site.id,
      name: site.name,
      ...figures(
        { plots: plotsOf(site.id), list: siteLists[at]!, lettings: lettingsOf(site.id) },
        rent.get(site.id) ?? NO_RENT,
      ),
    })),
    total: figures(
      { plots, list: siteLists.reduce(addLists, NO_LIST), lettings },
      [...rent.values()].reduce(addRent, NO_RENT),
    ),
  }
}

type Row = CouncilFigures & { name: string }

const money = (pick: (row: Row) => number): Pick<Column<Row>, 'cell' | 'decimals'> => ({
  cell: (row) => pick(row) / 100,
  decimals: 2,
})

const { columns } = words
const COLUMNS: Column<Row>[] = [
  { header: columns.site, cell: (row) => row.name },
  { header: columns.plots, cell: (row) => row.plots },
  { header: columns.let, cell: (row) => row.let },
  { header: columns.vacant, cell: (row) => row.vacant },
  { header: columns.notLettable, cell: (row) => row.notLettable },
  { header: columns.waiting, cell: (row) => row.waiting },
  { header: columns.lettings, cell: (row) => row.lettings },
  { header: words.averageWaitDays, cell: (row) => row.averageWaitDays ?? '' },
  // Pounds as numbers, so that a spreadsheet adds them up.
  { header: columns.invoiced, ...money((row) => row.invoiced) },
  { header: columns.paid, ...money((row) => row.paid) },
  { header: columns.arrears, ...money((row) => row.arrears) },
]

/** The report as CSV: a row per site, then the total. */
export const councilReportCsv = (report: CouncilReport): string =>
  toCsv(COLUMNS, [...report.sites, { ...report.total, name: words.total }])
