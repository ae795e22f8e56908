import { longDate } from '#shared/domain/dates'
import { settleInstalments } from '#shared/domain/instalments'
import { penceText } from '#shared/domain/money'
import { instalmentMessages as words } from '#shared/messages/instalments'
import type { Invoice } from '#shared/schemas/rent'
import { CardTable } from '#client/components/ui/card-table.tsx'

const COLUMNS = {
  due: words.dueDate,
  amount: words.amount,
  paid: words.paid,
  outstanding: words.outstanding,
  state: words.state,
}

/**
 * An invoice's instalments on `today` (decision 60), each with what of it is paid, in due-date
 * order: on the invoice page and on the member's My rent.
 */
export function InstalmentsTable({
  invoice,
  today,
}: {
  invoice: Invoice & { split: NonNullable<Invoice['split']> }
  today: string
}) {
  return (
    <CardTable caption={words.caption} columns={Object.values(COLUMNS)}>
      {settleInstalments(invoice.split, invoice, today).map((instalment) => (
        <tr key={instalment.dueDate}>
          <th scope="row">{longDate(instalment.dueDate)}</th>
          <td data-label={COLUMNS.amount}>{penceText(instalment.amount)}</td>
          <td data-label={COLUMNS.paid}>{penceText(instalment.paid)}</td>
          <td data-label={COLUMNS.outstanding}>{penceText(instalment.outstanding)}</td>
          <td data-label={COLUMNS.state}>
            {instalment.outstanding <= 0
              ? words.statePaid
              : instalment.overdue
                ? words.stateOverdue
                : words.stateToCome}
          </td>
        </tr>
      ))}
    </CardTable>
  )
}
