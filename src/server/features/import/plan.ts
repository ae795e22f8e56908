import type { WrittenName } from '#shared/domain/person-names'
import { plotIdCandidates } from '#shared/domain/sites'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import type {
  ExistingChoice,
  FieldChange,
  ReadNameCorrections,
  RefusedRow,
  RowAction,
} from '#shared/schemas/spreadsheet-import'
import type { ReadTx } from '#server/core/db/write-transaction'
import { EVERY_SITE } from '#server/core/site-scope'
import type { SitedRow } from '#server/features/import/row-sites'
import type { NewPlace } from '#server/features/people/sql'
import { listPlots, plotIdsOf } from '#server/features/plots/sql'

// What an import would save, checked row by row against the records already kept and against
// the file's own earlier rows: every refusal with its row number, so that the committee can
// correct the whole file at once; and every record's outcome (new, an update of a record kept
// with its changes, unchanged, skipped), so that the check shows all of it. A row of people may
// name several ("Shah, Priya & Arjun"): each is a record of their own, sharing the row's plots.
// Names are matched without regard to case, as the forms do. Each row is of its site (the file's
// Site column, or the file's site: row-sites.ts): its plots are matched and made there, and a
// person waiting takes a place on that site's list; someone named again on a row of another site
// (each site's list kept as a table of its own) takes a place there too, and its plots. A people
// file is planned in plan-people.ts, a plots file in plan-plots.ts.

export interface Tenancy {
  plotId: string
  siteId: number
  personId: string
}

/** A record kept, as it is and as the import leaves it. */
export interface Update<T> {
  before: T
  after: T
}

export interface PlannedRow {
  row: number
  action: RowAction
  record: Person | Plot
  changes: FieldChange[]
  /** A person's row: whether the rent of their plots is paid, when the file says. */
  paid?: boolean
  /** A person's row: everyone its name was read as, for correcting. */
  split?: WrittenName[]
  /** The name as the file writes it, when it names more than one person. */
  written?: string
  /** The row's site, when the file has a Site column. */
  site?: string
}

export interface ImportPlan {
  rows: PlannedRow[]
  people: Person[]
  /** New plots: a plots file's, or those a people file names that are not recorded. */
  plots: Plot[]
  updatedPeople: Array<Update<Person>>
  updatedPlots: Array<Update<Plot>>
  tenancies: Tenancy[]
  /** The new people's places on the lists of their rows' sites. */
  places: NewPlace[]
  /** People in the file already recorded. */
  recognised: number
  refused: RefusedRow[]
}

export interface PlanOptions {
  existing: ExistingChoice
  names?: ReadNameCorrections
}

export type Rows = readonly SitedRow[]

export const key = (name: string) => name.toLowerCase()
/** A plot's name on its site: "1" on two sites is two plots. */
export const onSite = (siteId: number, name: string) => `${siteId}:${key(name)}`

/**
 * The rows' sites' plots by site and name, and how a new plot is placed on its site: under the
 * first key (decision 43) that no plot holds, nor one the import made before it.
 */
export async function plotsOfSites(tx: ReadTx, rows: Rows) {
  const siteIds = [...new Set(rows.map((row) => row.siteId))]
  const [plots, ids] = await Promise.all([
    siteIds.length ? listPlots(tx, { sites: siteIds }) : [],
    plotIdsOf(tx, EVERY_SITE),
  ])
  const held = new Set(ids.map(key))
  const place = (plot: Plot, siteId: number): Plot => {
    for (const id of plotIdCandidates(plot.name, siteId)) {
      if (held.has(key(id))) continue
      held.add(key(id))
      return { ...plot, id, siteId }
    }
    throw new Error('unreachable')
  }
  const byName = new Map(plots.map((plot) => [onSite(plot.siteId, plot.name), plot]))
  return { byName, place }
}

export const emptyPlan = (): ImportPlan => ({
  rows: [],
  people: [],
  plots: [],
  updatedPeople: [],
  updatedPlots: [],
  tenancies: [],
  places: [],
  recognised: 0,
  refused: [],
})
