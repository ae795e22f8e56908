import { randomUUID } from 'node:crypto'
import { partYearMessages } from '#shared/messages/part-year'
import type { Db } from '#server/core/db/database'
import { lockRecords, type WriteTx } from '#server/core/db/write-transaction'
import { recordKey, type LogEntry } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { insertEntries } from '#server/features/rent/ledger-sql'
import { findPlots, listPlots, setPaid } from '#server/features/plots/sql'
import { currentYear, findInvoices } from '#server/features/rent/sql'
import { EVERY_SITE } from '#server/core/site-scope'

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
    plotIds?.length === 1
      ? { scope: EVERY_SITE, yearId: year.id, plotId: plotIds[0]! }
      : { scope: EVERY_SITE, yearId: year.id },
  )
  const owing = new Set(
    invoices.filter((invoice) => invoice.outstanding > 0).map((invoice) => invoice.plotId),
  )
  const plots = plotIds ? await findPlots(tx, plotIds) : await listPlots(tx, EVERY_SITE)
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

/**
 * The first year's start (issue 43): each invoice whose plot's paid flag was set before any rent
 * year, and which the treasurer kept, is paid in full by a payment of the day it is issued. The
 * flag from a sheet was lost when the year began, every invoice reading "Owing" without a word.
 */
export async function paymentsFromPaidFlags(
  tx: WriteTx,
  log: LogEntry,
  viewer: Viewer,
  invoices: ReadonlyArray<{ id: number; amount: number }>,
  createdAt: string,
  date: string,
): Promise<void> {
  const rows = invoices.map((invoice) => ({
    invoiceId: invoice.id,
    kind: 'payment' as const,
    amount: invoice.amount,
    method: null,
    date,
    reference: partYearMessages.paidBefore,
    requestId: randomUUID(),
    statementLine: null,
    createdBy: viewer.userName,
    createdAt,
  }))
  const stored = await insertEntries(tx, rows)
  for (const row of rows)
    log(
      {
        methodName: 'recordPayment',
        eventCollection: 'invoices',
        docId: String(row.invoiceId),
        userName: viewer.userName,
      },
      stored.get(row.requestId),
    )
}
