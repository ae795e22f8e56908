import { RENT_CATEGORY } from '#shared/domain/bank-lines'
import { checkEntry, quotedInvoices, type EntryKind, type EntrySums } from '#shared/domain/rent'
import { payerTextOf } from '#shared/domain/statement-suggest'
import { rentMessages } from '#shared/messages/rent'
import type {
  ConfirmMatches,
  CorrectionInput,
  Invoice,
  LedgerEntry,
  PaymentInput,
} from '#shared/schemas/rent'
import type { Insertable } from 'kysely'
import type { LedgerTable } from '#server/core/db/schema'
import type { WriteTx } from '#server/core/db/write-transaction'
import { AppError, conflict, notFound, unlessRefused } from '#server/core/errors'
import {
  AlreadyDone,
  loggedChange,
  loggedWrite,
  recordKey,
  type LogEntry,
  type LoggedChange,
} from '#server/core/logged-change'
import { EVERY_SITE, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { requirePlotsInScope } from '#server/features/rent/invoice-scope'
import type { Rent } from '#server/features/rent/context'
import {
  entriesByRequest,
  entryByRequest,
  insertEntries,
  insertEntry,
  recordedStatementLines,
  statementLinePart,
} from '#server/features/rent/ledger-sql'
import { categoriseMatched } from '#server/features/rent/bank-lines-sql'
import { settlePaidFlags } from '#server/features/rent/paid-flags'
import { findInvoices } from '#server/features/rent/sql'
import { rememberPayers } from '#server/features/rent/statement-payers-sql'

// The ledger only grows: a payment, a refund, a write-off or a cancellation is a new entry, and a
// mistake is put right by another. Each entry carries the request that made it, so a payment
// sent twice (a double click, a retried request) is found and answered, not recorded again.

export type Ledger = Pick<Rent, 'db' | 'clock'>

const METHOD_NAMES: Record<EntryKind, string> = {
  payment: 'recordPayment',
  refund: 'recordRefund',
  writeoff: 'writeOff',
  cancel: 'cancelInvoice',
  carry: 'carryCredit',
  credit: 'payFromCredit',
}

interface NewEntry {
  kind: EntryKind
  amount?: number | undefined
  method: LedgerEntry['method']
  date: string
  reference: string
  requestId: string
  /** A bank statement line's identity and part, for a payment recorded from a statement. */
  statementLine?: string | undefined
}

const entryChange = (
  methodName: string,
  invoiceId: number,
  viewer: Pick<Viewer, 'userName'>,
): LoggedChange => ({
  methodName,
  eventCollection: 'invoices',
  docId: String(invoiceId),
  userName: viewer.userName,
})

// An entry already made by this request id: the same request again when it names the same
// invoice and kind, else the id was reused for something else and is refused (409), alike for a
// payment, a correction and a bank statement's line.
function sameRequest<T extends Pick<LedgerEntry, 'invoiceId' | 'kind'>>(
  done: T,
  invoiceId: number,
  kind: EntryKind,
): T {
  if (done.invoiceId !== invoiceId || done.kind !== kind) throw conflict(rentMessages.requestReused)
  return done
}

/** The invoices a write adds entries to, read inside it, with their sums kept current as it goes. */
type Books = Map<number, { invoice: Invoice; sums: EntrySums }>

export async function readBooks(tx: WriteTx, invoiceIds: readonly number[]): Promise<Books> {
  // Of any site: a change reads its books once the scope allowed it (decision 48).
  const invoices = await findInvoices(tx, { scope: EVERY_SITE, ids: [...invoiceIds] })
  return new Map(
    invoices.map((invoice) => [
      invoice.id,
      {
        invoice,
        sums: {
          payment: invoice.paid,
          refund: invoice.refunded,
          writeoff: invoice.writtenOff,
          cancel: invoice.cancelled ? 1 : 0,
          carry: invoice.carried,
          credit: invoice.paidFromCredit,
        },
      },
    ]),
  )
}

// The row of one entry to an invoice of the books, once the rules allow it; its amount is counted
// in the books at once, so that the next entry is checked against it. The plots' paid flags are
// settled by the caller, once for all its entries.
export function entryRow(
  { clock }: Ledger,
  viewer: Pick<Viewer, 'userName'>,
  books: Books,
  invoiceId: number,
  entry: NewEntry,
): Insertable<LedgerTable> {
  const book = books.get(invoiceId)
  if (!book) throw notFound(rentMessages.invoiceMissing(invoiceId))
  const amount = unlessRefused(
    checkEntry({ amount: book.invoice.amount, sums: book.sums }, entry.kind, entry.amount),
  )
  book.sums[entry.kind] += entry.kind === 'cancel' ? 1 : amount
  return {
    invoiceId,
    kind: entry.kind,
    amount,
    method: entry.method,
    date: entry.date,
    reference: entry.reference,
    requestId: entry.requestId,
    statementLine: entry.statementLine ?? null,
    createdBy: viewer.userName,
    createdAt: clock.now().toISOString(),
  }
}

/**
 * Adds the rows, each logged as its kind's change to its invoice, and settles the paid flags of
 * the plots given once for them all.
 */
export async function addEntries(
  ledger: Ledger,
  viewer: Pick<Viewer, 'userName'>,
  tx: WriteTx,
  log: LogEntry,
  rows: ReadonlyArray<Insertable<LedgerTable>>,
  plots: readonly string[],
) {
  const stored = await insertEntries(tx, rows)
  for (const row of rows)
    log(entryChange(METHOD_NAMES[row.kind], row.invoiceId, viewer), stored.get(row.requestId))
  await settlePaidFlags(ledger.db, tx, [...new Set(plots)])
}

// One entry on one invoice of the sites in scope: one of another site is refused (403), the
// attempt logged with its site, before a request id already used could answer for it.
function recordEntry(
  ledger: Ledger,
  viewer: Viewer,
  scope: SiteScope,
  invoiceId: number,
  entry: NewEntry,
): Promise<LedgerEntry> {
  const change = entryChange(METHOD_NAMES[entry.kind], invoiceId, viewer)
  return loggedChange(
    ledger.db,
    change,
    async (tx) => {
      const books = await readBooks(tx, [invoiceId])
      const book = books.get(invoiceId)
      if (book) await requirePlotsInScope(tx, scope, [book.invoice.plotId], change)
      const done = await entryByRequest(tx, entry.requestId)
      if (done) return new AlreadyDone(sameRequest(done, invoiceId, entry.kind))
      const stored = await insertEntry(tx, entryRow(ledger, viewer, books, invoiceId, entry))
      await settlePaidFlags(ledger.db, tx, [books.get(invoiceId)!.invoice.plotId])
      return stored
    },
    entry,
  )
}

export const recordPayment = (
  ledger: Ledger,
  viewer: Viewer,
  scope: SiteScope,
  invoiceId: number,
  input: PaymentInput,
) => recordEntry(ledger, viewer, scope, invoiceId, { kind: 'payment', ...input })

export const recordCorrection = (
  ledger: Ledger,
  viewer: Viewer,
  scope: SiteScope,
  invoiceId: number,
  input: CorrectionInput,
) => recordEntry(ledger, viewer, scope, invoiceId, { ...input, method: null })

// Whom each line's payer text was paid for: a line of one part quoting no invoice, whose payer's
// next payment is then offered the invoice they owe on.
function payersChosen(matches: ConfirmMatches['matches'], books: Books): Map<string, string> {
  const parts = new Map<string, number>()
  for (const match of matches)
    if (match.lineId) parts.set(match.lineId, (parts.get(match.lineId) ?? 0) + 1)
  const chosen = new Map<string, string>()
  for (const match of matches) {
    if (!match.lineId || parts.get(match.lineId) !== 1) continue
    if (quotedInvoices(match.reference).length > 0) continue
    const text = payerTextOf(match.reference)
    if (text) chosen.set(text, books.get(match.invoiceId)!.invoice.payerId)
  }
  return chosen
}

/**
 * The bank statement's lines the committee confirmed, as payments by transfer, all in one
 * transaction: every one is recorded, or (when one is refused) none.
 */
export function recordMatches(ledger: Ledger, viewer: Viewer, { matches }: ConfirmMatches) {
  const invoiceIds = [...new Set(matches.map((match) => match.invoiceId))]
  const lineIds = [...new Set(matches.flatMap((match) => (match.lineId ? [match.lineId] : [])))]
  return loggedWrite(
    ledger.db,
    [
      ...invoiceIds.map((id) => recordKey('invoices', String(id))),
      ...lineIds.map((id) => recordKey('statementLines', id)),
    ],
    async (tx, log) => {
      const [earlier, done, books] = await Promise.all([
        recordedStatementLines(tx, lineIds),
        entriesByRequest(
          tx,
          matches.map((match) => match.requestId),
        ),
        readBooks(tx, invoiceIds),
      ])
      const parts = new Map<string, number>()
      const pending = new Map<string, Insertable<LedgerTable>>()
      for (const match of matches) {
        // A line confirmed before (or twice in this statement) is passed over; an id that made
        // another entry refuses all.
        const before = done.get(match.requestId) ?? pending.get(match.requestId)
        if (before && sameRequest(before, match.invoiceId, 'payment')) continue
        // So is a line recorded from another statement that has it too, or this one imported again.
        if (match.lineId && earlier.has(match.lineId)) continue
        // The parts of a line split over two invoices are its first and second.
        const part = match.lineId ? (parts.get(match.lineId) ?? 0) + 1 : 0
        if (match.lineId) parts.set(match.lineId, part)
        try {
          pending.set(
            match.requestId,
            entryRow(ledger, viewer, books, match.invoiceId, {
              kind: 'payment',
              amount: match.amount,
              method: 'transfer',
              date: match.date,
              reference: match.reference,
              requestId: match.requestId,
              statementLine: match.lineId && statementLinePart(match.lineId, part),
            }),
          )
        } catch (error) {
          // A refused line names itself, so the committee knows which to look at again.
          if (error instanceof AppError)
            throw new AppError(
              error.status,
              rentMessages.statementLineRefused(match.line, error.detail),
            )
          throw error
        }
      }
      const rows = [...pending.values()]
      await addEntries(
        ledger,
        viewer,
        tx,
        log,
        rows,
        [...books.values()].map((book) => book.invoice.plotId),
      )
      await rememberPayers(
        tx,
        payersChosen(matches, books),
        viewer.userName,
        ledger.clock.now().toISOString(),
      )
      // A line kept for the accounts before its payment was recorded is Rent now (decision 59).
      await categoriseMatched(tx, lineIds, RENT_CATEGORY)
      return { recorded: rows.length }
    },
  )
}
