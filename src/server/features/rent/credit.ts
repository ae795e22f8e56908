import { creditMoves, creditOf, creditOn, type CreditMove } from '#shared/domain/rent'
import { penceText } from '#shared/domain/money'
import { rentMessages } from '#shared/messages/rent'
import type { CreditRefund, CreditUse, Invoice, InvoiceStatement } from '#shared/schemas/rent'
import type { Insertable } from 'kysely'
import type { LedgerTable } from '#server/core/db/schema'
import { lockRecords, type WriteTx } from '#server/core/db/write-transaction'
import { unprocessable } from '#server/core/errors'
import {
  AlreadyDone,
  loggedChange,
  recordKey,
  type LogEntry,
  type LoggedChange,
} from '#server/core/logged-change'
import { EVERY_SITE, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { requirePayerInScope } from '#server/features/rent/invoice-scope'
import { addEntries, entryRow, readBooks, type Ledger } from '#server/features/rent/ledger'
import { entryByRequest } from '#server/features/rent/ledger-sql'
import { requirePerson } from '#server/features/people/sql'
import { statement } from '#server/features/rent/reports'
import { findInvoices, type InvoiceFilter } from '#server/features/rent/sql'

// A payer's credit (decision 33): what they paid beyond their invoices, held as those invoices'
// balances below nought; moved to an invoice that owes by a pair of entries (a carry off the one,
// a credit onto the other), or given back by refunds. An action's entries carry its request id
// and their place in it, so that the action sent twice is done once.

type Held = Pick<Invoice, 'id' | 'number' | 'plotId' | 'payerId' | 'outstanding' | 'cancelled'>

const partOf = (requestId: string, part: number) => `${requestId}:${part}`

/**
 * Moves each payer's credit to their invoices that owe, among those given (whose records the
 * caller holds): the oldest credit to the oldest invoice. Answers the moves made.
 */
export async function moveCredit(
  ledger: Ledger,
  viewer: Pick<Viewer, 'userName'>,
  tx: WriteTx,
  log: LogEntry,
  invoices: readonly Held[],
  { date, requestId }: { date: string; requestId: string },
): Promise<CreditMove[]> {
  const byPayer = new Map<string, Held[]>()
  for (const invoice of invoices)
    byPayer.set(invoice.payerId, [...(byPayer.get(invoice.payerId) ?? []), invoice])
  const moves = [...byPayer.values()].flatMap((own) =>
    creditMoves([...own].sort((a, b) => a.number - b.number)),
  )
  if (moves.length === 0) return []
  const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]))
  const books = await readBooks(tx, [...new Set(moves.flatMap((move) => [move.from, move.to]))])
  const entry = (kind: 'carry' | 'credit', reference: string, part: number, amount: number) => ({
    kind,
    amount,
    method: null,
    date,
    reference,
    requestId: partOf(requestId, part),
  })
  const rows = moves.flatMap(({ from, to, amount }, n) => [
    entryRow(ledger, viewer, books, from, {
      ...entry('carry', rentMessages.creditCarriedTo(byId.get(to)!.number), 2 * n, amount),
    }),
    entryRow(ledger, viewer, books, to, {
      ...entry('credit', rentMessages.creditBroughtFrom(byId.get(from)!.number), 2 * n + 1, amount),
    }),
  ])
  await addEntries(
    ledger,
    viewer,
    tx,
    log,
    rows,
    moves.map((move) => byId.get(move.to)!.plotId),
  )
  return moves
}

/**
 * The invoices in credit (of those the filter picks: one payer's, for an invoice raised mid-year),
 * locked inside a write that adds invoices (a rent year's): their credit may then pay the new ones.
 */
export async function lockedCredit(
  ledger: Ledger,
  tx: WriteTx,
  filter: InvoiceFilter,
): Promise<Invoice[]> {
  const inCredit = (await findInvoices(tx, filter)).filter((invoice) => creditOn(invoice) > 0)
  await lockRecords(
    ledger.db,
    tx,
    inCredit.map((invoice) => recordKey('invoices', String(invoice.id))),
  )
  const ids = inCredit.map((invoice) => invoice.id)
  return ids.length === 0 ? [] : await findInvoices(tx, { scope: EVERY_SITE, ids })
}

// An action on a person's credit, holding every invoice they pay; done once per request id.
async function onCredit(
  ledger: Ledger,
  viewer: Viewer,
  scope: SiteScope,
  personId: string,
  requestId: string,
  methodName: string,
  input: unknown,
  work: (tx: WriteTx, log: LogEntry, invoices: Invoice[]) => Promise<void>,
): Promise<InvoiceStatement> {
  await requirePerson(ledger.db.kysely, personId)
  const paying = { scope: EVERY_SITE, payerId: personId }
  const ids = (await findInvoices(ledger.db.kysely, paying)).map((i) => i.id)
  const change: LoggedChange = {
    methodName,
    eventCollection: 'people',
    docId: personId,
    userName: viewer.userName,
    alsoLocks: ids.map((id) => recordKey('invoices', String(id))),
  }
  await loggedChange(
    ledger.db,
    change,
    async (tx, log) => {
      const own = await findInvoices(tx, paying)
      await requirePayerInScope(tx, scope, personId, own, change)
      if (await entryByRequest(tx, partOf(requestId, 0))) return new AlreadyDone(input)
      await work(tx, log, own)
      return input
    },
    input,
  )
  return statement(ledger.db, { scope, payerId: personId })
}

/** The person's credit used on the invoices they pay that still owe. */
export const useCredit = (
  ledger: Ledger,
  viewer: Viewer,
  scope: SiteScope,
  personId: string,
  input: CreditUse,
) =>
  onCredit(
    ledger,
    viewer,
    scope,
    personId,
    input.requestId,
    'useCredit',
    input,
    async (tx, log, own) => {
      await moveCredit(ledger, viewer, tx, log, own, { ...input, date: ledger.clock.today() })
    },
  )

/** Some or all of the person's credit given back: refunds on the invoices that hold it. */
export const refundCredit = (
  ledger: Ledger,
  viewer: Viewer,
  scope: SiteScope,
  personId: string,
  input: CreditRefund,
) =>
  onCredit(
    ledger,
    viewer,
    scope,
    personId,
    input.requestId,
    'refundCredit',
    input,
    async (tx, log, own) => {
      const credit = creditOf(own)
      if (input.amount > credit)
        throw unprocessable(rentMessages.creditRefundTooLarge(penceText(credit)))
      const books = await readBooks(
        tx,
        own.map((invoice) => invoice.id),
      )
      const rows: Array<Insertable<LedgerTable>> = []
      let left = input.amount
      for (const invoice of own) {
        const amount = Math.min(left, creditOn(invoice))
        if (amount === 0) continue
        rows.push(
          entryRow(ledger, viewer, books, invoice.id, {
            kind: 'refund',
            amount,
            method: null,
            date: ledger.clock.today(),
            reference: input.reference,
            requestId: partOf(input.requestId, rows.length),
          }),
        )
        left -= amount
      }
      await addEntries(
        ledger,
        viewer,
        tx,
        log,
        rows,
        own.map((invoice) => invoice.plotId),
      )
    },
  )
