import { penceText } from '#shared/domain/money'
import { depositMessages } from '#shared/messages/deposits'

// Deposits (issue 47, item 2, decision 58): money taken from a person and held to be given back,
// never income. A deposit's money is its entries, append-only: what was taken, what was given
// back and what the society kept (a key never returned). What it holds is taken less returned
// and kept, and never goes below nought: an entry that would take it there is refused.

export const DEPOSIT_ENTRY_KINDS = ['taken', 'returned', 'kept'] as const
export type DepositEntryKind = (typeof DEPOSIT_ENTRY_KINDS)[number]

export interface DepositMoney {
  kind: DepositEntryKind
  date: string
  amount: number
}

export interface DepositTotals {
  taken: number
  returned: number
  kept: number
  held: number
}

/** What the entries come to, those dated on or before `upTo` if given (the end of that day). */
export function depositTotals(entries: readonly DepositMoney[], upTo?: string): DepositTotals {
  const totals = { taken: 0, returned: 0, kept: 0 }
  for (const entry of entries)
    if (upTo === undefined || entry.date <= upTo) totals[entry.kind] += entry.amount
  return { ...totals, held: totals.taken - totals.returned - totals.kept }
}

/**
 * Why a new entry may not be added to a deposit's entries, if it may not: it would give back or
 * keep more than is held, or it is dated before the last entry (so that what was held at the end
 * of any day is what the entries to that day say, never below nought), or after `today`.
 */
export function entryRefusal(
  entries: readonly DepositMoney[],
  entry: DepositMoney,
  today: string,
): string | undefined {
  if (entry.date > today) return depositMessages.dateInFuture
  const last = entries.reduce((latest, e) => (e.date > latest ? e.date : latest), '')
  if (entry.date < last) return depositMessages.dateBeforeLast(last)
  const { held } = depositTotals(entries)
  if (entry.kind !== 'taken' && entry.amount > held)
    return depositMessages.overHeld(penceText(entry.amount), penceText(held))
  return undefined
}

/** The kinds a society usually takes (Ashford's £55 for a gate key), offered to one with none. */
export const USUAL_DEPOSIT_KINDS: ReadonlyArray<{ name: string; amount: number }> = [
  { name: 'Key', amount: 5500 },
  { name: 'Plot', amount: 2500 },
]
