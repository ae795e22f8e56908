import { feeInput } from '#shared/domain/money'
import { waitingListOrder } from '#shared/domain/waiting-order'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import type { Config } from '#server/core/config'
import { associationDetails } from '#server/core/db/association-settings'
import type { Db } from '#server/core/db/database'
import { type Column, toCsv } from '#server/core/http/csv'
import { listPeople } from '#server/features/people/sql'
import { listPlots } from '#server/features/plots/sql'
import { plotHoldersPdf } from '#server/features/exports/plot-holders-pdf'
import type { SiteScope } from '#server/core/site-scope'

// The headings are the labels of the people and plot forms, so a download reads like the screen.

const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No')
const joined = (ids: readonly string[]) => ids.join(', ')

const names: Column<Person>[] = [
  { header: 'Nickname', cell: (person) => person.id },
  { header: 'Title', cell: (person) => person.title },
  { header: 'First name', cell: (person) => person.firstName },
  { header: 'Last name', cell: (person) => person.lastName },
]

const contact: Column<Person>[] = [
  { header: 'Address', cell: (person) => person.address },
  { header: 'Phone number', cell: (person) => person.phoneNumber },
  { header: 'E-mail Address', cell: (person) => person.email },
  { header: 'Alternative e-mail', cell: (person) => person.altEmail },
]

const plotHolderColumns: Column<Person>[] = [
  ...names,
  { header: 'Plots', cell: (person) => joined(person.plots) },
  ...contact,
  { header: 'Date joined', cell: (person) => person.dateJoined },
  { header: 'Notes', cell: (person) => person.notes },
]

const waitingListColumns: Column<Person & { position: number }>[] = [
  { header: 'Position', cell: (person) => person.position },
  ...names,
  { header: 'Joined waiting list', cell: (person) => person.joinedWaitingList },
  // For a letter of one's own making (a mail merge), as Messages' {reference} gives it.
  { header: 'Reference', cell: (person) => person.reference },
  ...contact,
  { header: 'Notes', cell: (person) => person.notes },
]

// What GET /api/plots shows level 2: plot fields and tenant nicknames, nobody's contact details.
const plotColumns: Column<Plot>[] = [
  { header: 'Plot', cell: (plot) => plot.id },
  { header: 'Description', cell: (plot) => plot.description },
  { header: 'Area (m²)', cell: (plot) => plot.area },
  { header: 'Fee (£)', cell: (plot) => feeInput(plot.fee) },
  { header: 'Gradient', cell: (plot) => plot.gradient },
  { header: 'Paid', cell: (plot) => yesNo(plot.paid) },
  { header: 'Tenants', cell: (plot) => joined(plot.tenants) },
  { header: 'Occupied', cell: (plot) => yesNo(plot.occupied) },
]

// Each list is of the sites in the viewer's scope (issue 46).

export async function plotHoldersCsv(db: Db, scope: SiteScope): Promise<string> {
  return toCsv(plotHolderColumns, await listPeople(db.kysely, scope, 'plotholders'))
}

/** The plot holders with their contact details, on paper (committee only). */
export async function plotHoldersList(
  db: Db,
  config: Config,
  scope: SiteScope,
  today: string,
): Promise<Buffer> {
  const [people, association] = await Promise.all([
    listPeople(db.kysely, scope, 'plotholders'),
    associationDetails(db.kysely, config),
  ])
  return plotHoldersPdf(people, association.name, today)
}

export async function waitingListCsv(db: Db, scope: SiteScope): Promise<string> {
  const waiting = await listPeople(db.kysely, scope, 'waitinglist')
  return toCsv(waitingListColumns, waitingListOrder(waiting))
}

export async function plotsCsv(db: Db, scope: SiteScope): Promise<string> {
  return toCsv(plotColumns, await listPlots(db.kysely, scope))
}
