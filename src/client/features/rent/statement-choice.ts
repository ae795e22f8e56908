import { parsePounds, penceText } from '#shared/domain/money'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { payable } from '#shared/domain/statement-groups'
import { rentMessages } from '#shared/messages/rent'
import { statementMessages } from '#shared/messages/statement'
import { paymentNote } from '#shared/domain/rent'
import type { ConfirmMatches, StatementInvoice, StatementLine } from '#shared/schemas/rent'
import { newRequestId } from '../../lib/request-id.ts'

// What the committee chose for each line of a checked statement, and the payments it makes. Each
// part of a line gets its request id once, when the statement is checked: pressing Record
// payments again after a lost answer sends the same ids, and the server records each line once.

export type CheckedLine = StatementLine & { requestIds: [string, string] }

export interface LineChoice {
  /** Ticked: record it. */
  on: boolean
  /** The suggestion taken (its place in the list), or invoices chosen by hand. */
  pick: number | 'other'
  /** Chosen by hand: the invoice's id, and a second's when the sum is split, as the selects hold them. */
  first: string
  second: string
  /** Split: how much of the sum goes to the first invoice, as typed. */
  firstAmount: string
}

export const withRequestIds = (line: StatementLine): CheckedLine => ({
  ...line,
  requestIds: [newRequestId(), newRequestId()],
})

/** Matched by reference: ticked. Suggested: the best suggestion, for the committee to tick. */
export const firstChoice = (line: StatementLine): LineChoice => ({
  on: line.match !== null && payable(line),
  pick: line.suggestions.length > 0 ? 0 : 'other',
  first: '',
  second: '',
  firstAmount: '',
})

type Part = { invoiceId: number; amount: number }

function partsOf(line: CheckedLine, choice: LineChoice): Outcome<Part[]> {
  if (line.match) return ok([{ invoiceId: line.match.invoiceId, amount: line.amount }])
  if (choice.pick !== 'other') {
    const parts = line.suggestions[choice.pick] ?? []
    return ok(parts.map((part) => ({ invoiceId: part.invoice.invoiceId, amount: part.amount })))
  }
  if (!choice.first) return refuse(statementMessages.chooseInvoice)
  if (!choice.second) return ok([{ invoiceId: Number(choice.first), amount: line.amount }])
  const first = parsePounds(choice.firstAmount)
  if (!first.ok || first.value >= line.amount)
    return refuse(statementMessages.splitMustAddUp(penceText(line.amount)))
  return ok([
    { invoiceId: Number(choice.first), amount: first.value },
    { invoiceId: Number(choice.second), amount: line.amount - first.value },
  ])
}

/**
 * What the treasurer should know of a line paying one invoice: short of what it owes, or over it
 * (the rest the payer's credit). Nothing for a line split over two, whose parts they typed.
 */
export function lineNote(
  line: CheckedLine,
  choice: LineChoice | undefined,
  openInvoices: readonly StatementInvoice[],
): string | null {
  if (!choice || !payable(line)) return null
  const parts = partsOf(line, choice)
  if (!parts.ok || parts.value.length !== 1) return null
  const { invoiceId, amount } = parts.value[0]!
  const invoice =
    line.match?.invoiceId === invoiceId
      ? line.match
      : (line.suggestions.flat().find((part) => part.invoice.invoiceId === invoiceId)?.invoice ??
        openInvoices.find((open) => open.invoiceId === invoiceId))
  return invoice ? paymentNote(amount, invoice.outstanding) : null
}

/** The payments the ticked lines make, or the first line's problem, named by its line. */
export function chosenMatches(
  lines: readonly CheckedLine[],
  choices: ReadonlyMap<number, LineChoice>,
): Outcome<ConfirmMatches['matches']> {
  const matches: ConfirmMatches['matches'] = []
  for (const line of lines) {
    const choice = choices.get(line.line)
    if (!choice?.on || !payable(line)) continue
    const parts = partsOf(line, choice)
    if (!parts.ok) return refuse(rentMessages.statementLineRefused(line.line, parts.message))
    parts.value.forEach((part, index) =>
      matches.push({
        ...part,
        date: line.date,
        reference: line.reference,
        line: line.line,
        requestId: line.requestIds[index]!,
        lineId: line.lineId,
      }),
    )
  }
  if (matches.length === 0) return refuse(rentMessages.noPaymentsChosen)
  return ok(matches)
}
