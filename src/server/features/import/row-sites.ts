import { rowsBySite, siteReader } from '#shared/domain/import-sites'
import type { RowValues } from '#shared/domain/import-rows'
import type { ImportForm, RefusedRow, SiteRows } from '#shared/schemas/spreadsheet-import'
import type { ReadTx } from '#server/core/db/write-transaction'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { firstOpenSite, listSites, requireOpenSite } from '#server/features/sites/sql'

// Each row's site (decision 54): the file's Site column, by name, else the site the file is of
// (decision 51: the form's site, else the first open one). Every site a row goes to must be
// within the viewer's sites: a representative's file naming another site is refused (403) as a
// file of another site is, and nothing is saved.

/** A row of the file with the site it goes to; `shown` when the file has a Site column. */
export interface SitedRow {
  row: number
  values: RowValues
  siteId: number
  shown?: string
}

export interface SitedRows {
  rows: SitedRow[]
  /** Rows naming no site in use: refused, and not planned. */
  refused: RefusedRow[]
  bySite: SiteRows[]
}

export async function sitesOfRows(
  tx: ReadTx,
  form: ImportForm,
  viewer: Viewer,
  rows: ReadonlyArray<{ row: number; values: RowValues }>,
): Promise<SitedRows> {
  const scope: SiteScope = { sites: viewer.sites ?? null }
  const fileSite = form.site ? await requireOpenSite(tx, form.site) : await firstOpenSite(tx)
  requireSiteInScope(scope, fileSite.id)
  const read = siteReader(await listSites(tx), fileSite)
  const sited: SitedRow[] = []
  const refused: RefusedRow[] = []
  const reached = new Set([fileSite.id])
  for (const { row, values } of rows) {
    const site = read(values.site)
    if (!site.ok) {
      refused.push({ row, message: site.message })
      continue
    }
    reached.add(site.value.id)
    const shown = values.site === undefined ? {} : { shown: site.value.name }
    sited.push({ row, values, siteId: site.value.id, ...shown })
  }
  for (const siteId of reached) requireSiteInScope(scope, siteId)
  const named = sited.map((row) => ({ id: row.siteId, name: row.shown ?? fileSite.name }))
  return { rows: sited, refused, bySite: rowsBySite(named) }
}
