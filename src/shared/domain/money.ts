// Money is whole pence everywhere: in the database, in the API and in every sum. Pounds appear
// only where a person reads or types them.

/**
 * The most any one amount may be: a ledger entry, a rate, an extra charge, an invoice and each
 * of its lines (checkInvoice in rent.ts). £100,000 is far beyond any allotment's rent, and it
 * keeps every sum the ledger makes of such amounts well within the money columns (bigint on
 * PostgreSQL) and JavaScript's safe integers.
 */
export const MAX_PENCE = 10_000_000

/** Pence as a person reads them: £45.00, −£4.50, £1,200.00. */
export function penceText(pence: number): string {
  const sign = pence < 0 ? '−' : ''
  const pounds = Math.abs(pence) / 100
  return `${sign}£${pounds.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

/** Pence as a form shows them for editing: "12.50". */
export const penceInput = (pence: number) => (pence / 100).toFixed(2)
