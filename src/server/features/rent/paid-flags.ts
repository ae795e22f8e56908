import type { Db } from '#server/core/db/database'
import { lockRecords, type WriteTx } from '#server/core/db/write-transaction'
import { recordKey } from '#server/core/logged-change'
import { findPlots, listPlots, setPaid } from '#server/features/plots/sql'
import { currentYear, findInvoices } from '#server/features/rent/sql'

/**
 * Sets the plots' paid flag from the ledger: a plot is paid when none of its invoices of the
 * current rent year still owes money. Runs inside every write that changes what is owed, so the
 * flag the plots filters and the map read can never disagree with the money. Without a rent year
 * the flag stays the committee's to set by hand. A plot whose flag turns is locked first, as any
 * change of the plot locks it, and plots' setPaid gives it its next version.
 */
export async function settlePaidFlags(
  db: Db,
  tx: WriteTx,
  plotIds?: readonly string[],
): Promise<void> {
  const year = await currentYear(tx)
  if (!year) return
  const invoices = await findInvoices(
    tx,
    plotIds?.length === 1 ? { yearId: year.id, plotId: plotIds[0]! } : { yearId: year.id },
  )
  const owing = new Set(
    invoices.filter((invoice) => invoice.outstanding > 0).map((invoice) => invoice.plotId),
  )
  const plots = plotIds ? await findPlots(tx, plotIds) : await listPlots(tx)
  const turning = plots.filter((plot) => plot.paid === owing.has(plot.id))
  if (turning.length === 0) return
  await lockRecords(
    db,
    tx,
    turning.map((plot) => recordKey('plots', plot.id)),
  )
  await setPaid(
    tx,
    turning.filter((plot) => !owing.has(plot.id)),
    true,
  )
  await setPaid(
    tx,
    turning.filter((plot) => owing.has(plot.id)),
    false,
  )
}
