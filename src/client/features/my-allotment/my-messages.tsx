import { useQuery } from '@tanstack/react-query'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { longDate } from '#shared/domain/dates'
import { CardTable } from '../../components/ui/card-table.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { myLetterUrl, myMessagesQuery } from './api.ts'

const COLUMNS = { subject: 'Subject', date: 'Date', way: 'Sent by' }

/** What the association has sent the member, newest first. */
export function MyMessages() {
  const messages = useQuery(myMessagesQuery)
  return (
    <section aria-labelledby="my-messages">
      <h2 id="my-messages">Letters and e-mails</h2>
      <QueryState query={messages}>
        {(sent) =>
          sent.length === 0 ? (
            <p>{myAllotmentMessages.noMessagesYet}</p>
          ) : (
            <CardTable caption="Letters and e-mails sent to you" columns={Object.values(COLUMNS)}>
              {sent.map((message) => (
                <tr key={message.id}>
                  <th scope="row">
                    {message.channel === 'post' ? (
                      <a href={myLetterUrl(message.id)} target="_blank" rel="noreferrer">
                        {message.subject}
                        <span className="visually-hidden">, PDF</span>
                      </a>
                    ) : (
                      message.subject
                    )}
                  </th>
                  <td data-label={COLUMNS.date}>
                    {longDate((message.sentAt ?? message.createdAt).slice(0, 10))}
                  </td>
                  <td data-label={COLUMNS.way}>
                    {message.channel === 'email' ? 'E-mail' : 'Letter'}
                  </td>
                </tr>
              ))}
            </CardTable>
          )
        }
      </QueryState>
    </section>
  )
}
