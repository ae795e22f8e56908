import { Link } from 'react-router'
import { mailMessages } from '#shared/messages/mail'
import type { SentMessage } from '#shared/schemas/messages'
import { CardTable } from '../../components/ui/card-table.tsx'

const COLUMNS = { person: 'Person', way: 'Way', to: 'To', status: 'Status', answer: 'Last answer' }

export function CopiesTable({ copies }: { copies: SentMessage[] }) {
  return (
    <CardTable caption="Each person's copy and what became of it" columns={Object.values(COLUMNS)}>
      {copies.map((copy) => (
        <tr key={copy.id}>
          <th scope="row">
            {/* A person on the waiting list is shown there: their page moves them across. */}
            <Link to={`/members/plotholders/${encodeURIComponent(copy.personId)}`}>
              {copy.personId}
            </Link>
          </th>
          <td data-label={COLUMNS.way}>{mailMessages.copyChannel[copy.channel]}</td>
          <td data-label={COLUMNS.to} className="message-recipient">
            {copy.recipient}
          </td>
          <td data-label={COLUMNS.status}>{mailMessages.copyStatus[copy.status]}</td>
          <td data-label={COLUMNS.answer}>{copy.lastError ?? ''}</td>
        </tr>
      ))}
    </CardTable>
  )
}
