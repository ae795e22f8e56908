import type { Insertable } from 'kysely'
import type { RentYear } from '#shared/schemas/rent'
import type { InvoiceLinesTable, InvoicesTable, RentYearsTable } from '#server/core/db/schema'
import { insertInBatches } from '#server/core/db/insert-in-batches'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The making of a rent year: the year's row, its invoices and their lines.

/** The year that starts on `startDate`, if it was started. */
export function startedYear(tx: ReadTx, startDate: string): Promise<RentYear | undefined> {
  return tx
    .selectFrom('rent_years')
    .selectAll()
    .where('startDate', '=', startDate)
    .executeTakeFirst()
}

export async function insertYear(tx: WriteTx, year: Insertable<RentYearsTable>): Promise<number> {
  const { id } = await tx
    .insertInto('rent_years')
    .values(year)
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** The highest invoice number yet, 0 before the first: numbers run on without gaps. */
export async function lastInvoiceNumber(tx: ReadTx): Promise<number> {
  const last = await tx
    .selectFrom('invoices')
    .select((eb) => eb.fn.max('number').as('number'))
    .executeTakeFirst()
  return Number(last?.number ?? 0)
}

/** A year's invoices with their lines, all at once; the invoices' ids and numbers in order. */
export async function insertInvoices(
  tx: WriteTx,
  yearId: number,
  invoices: ReadonlyArray<{
    invoice: Omit<Insertable<InvoicesTable>, 'yearId'>
    lines: ReadonlyArray<Omit<Insertable<InvoiceLinesTable>, 'invoiceId'>>
  }>,
): Promise<Array<{ id: number; number: number }>> {
  await insertInBatches(
    tx,
    'invoices',
    invoices.map(({ invoice }) => ({ ...invoice, yearId })),
  )
  const stored = await tx
    .selectFrom('invoices')
    .select(['id', 'number'])
    .where('yearId', '=', yearId)
    .orderBy('number')
    .execute()
  await insertInBatches(
    tx,
    'invoice_lines',
    stored.flatMap(({ id }, index) =>
      invoices[index]!.lines.map((line) => ({ invoiceId: id, ...line })),
    ),
  )
  return stored
}

/** The rent years due between two days (inclusive), for the committee's calendar (decision 63). */
export function yearsDueBetween(tx: ReadTx, from: string, to: string) {
  return tx
    .selectFrom('rent_years')
    .select(['id', 'label', 'dueDate'])
    .where('dueDate', '>=', from)
    .where('dueDate', '<=', to)
    .orderBy('dueDate')
    .execute()
}
