import type { StatementLine } from '#shared/schemas/rent'

// How the statement screen sorts a checked statement's lines, and what it counts: matched by the
// invoice reference they quote, suggested an invoice, recorded from an earlier statement, or left
// alone (money out, a line that cannot be read, a payment nothing fits).

export type LineGroup = 'matched' | 'suggested' | 'recorded' | 'left'

export const LINE_GROUPS: readonly LineGroup[] = ['matched', 'suggested', 'recorded', 'left']

export function lineGroup(line: StatementLine): LineGroup {
  if (line.recorded) return 'recorded'
  if (line.match) return 'matched'
  return line.suggestions.length > 0 ? 'suggested' : 'left'
}

/** Whether the committee may pay the line to an invoice: money in, its date and amount read. */
export const payable = (line: StatementLine) =>
  !line.recorded && line.amount > 0 && line.date !== ''

export function statementCounts(lines: readonly StatementLine[]) {
  const counts = { read: lines.length, matched: 0, suggested: 0, recorded: 0, left: 0 }
  for (const line of lines) counts[lineGroup(line)] += 1
  return counts
}
