import type { Insertable } from 'kysely'
import type { InvoiceLinesTable, InvoicesTable } from '#server/core/db/schema'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// One invoice made in a year under way (issue 43), and the months an invoice charges.

/** An invoice with its lines; its id. */
export async function insertInvoice(
  tx: WriteTx,
  invoice: Insertable<InvoicesTable>,
  lines: ReadonlyArray<Omit<Insertable<InvoiceLinesTable>, 'invoiceId'>>,
): Promise<number> {
  const { id } = await tx
    .insertInto('invoices')
    .values(invoice)
    .returning('id')
    .executeTakeFirstOrThrow()
  await tx
    .insertInto('invoice_lines')
    .values(lines.map((line) => ({ invoiceId: id, ...line })))
    .execute()
  return id
}

/** The twelfths of the year an invoice charges. */
export async function invoiceMonths(tx: ReadTx, invoiceId: number): Promise<number> {
  const row = await tx
    .selectFrom('invoices')
    .select('months')
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow()
  return row.months
}
