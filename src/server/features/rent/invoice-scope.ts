import type { Invoice } from '#shared/schemas/rent'
import type { ReadTx } from '#server/core/db/write-transaction'
import { forbidden } from '#server/core/errors'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import { requirePersonInScope } from '#server/features/people/sql'
import { plotSites } from '#server/features/plots/sql'

// An invoice's site is its plot's (decision 48), read through the plot: one indexed read of the
// plots an invoice names, the same for one invoice by id and for a payer's several.

/**
 * Refuses (403) the invoices of plots (or a plot to invoice) of a site outside the scope.
 * `change`: the change under way, whose log entry (or refused attempt's) names their sites.
 */
export async function requirePlotsInScope(
  tx: ReadTx,
  scope: SiteScope,
  plotIds: readonly string[],
  change?: { sites?: readonly number[] },
): Promise<void> {
  const sites = await plotSites(tx, plotIds)
  if (change) change.sites = [...new Set(sites.values())].sort((a, b) => a - b)
  for (const plotId of plotIds) {
    const site = sites.get(plotId)
    // A plot no longer on record has no site a limited viewer could be given.
    if (site === undefined) {
      if (scope.sites) throw forbidden()
    } else requireSiteInScope(scope, site)
  }
}

/**
 * Refuses (403) a change to a payer's credit unless the scope reaches every invoice they pay (the
 * credit is theirs across all their sites: moving or refunding it touches each one). A payer of
 * no invoice is reached by people's rule (their plots and list).
 */
export async function requirePayerInScope(
  tx: ReadTx,
  scope: SiteScope,
  personId: string,
  invoices: ReadonlyArray<Pick<Invoice, 'plotId'>>,
  change: { sites?: readonly number[] },
): Promise<void> {
  const plotIds = invoices.map((invoice) => invoice.plotId)
  if (plotIds.length > 0) await requirePlotsInScope(tx, scope, plotIds, change)
  else await requirePersonInScope(tx, scope, personId, { change })
}
