import { useQuery } from '@tanstack/react-query'
import { mailMessages } from '#shared/messages/mail'
import { QueryState } from '../../components/ui/query-state.tsx'
import { shortDateTime } from '#shared/domain/dates'
import { personMessagesQuery } from './api.ts'

// What the association sent this person, newest first: the committee can answer "did I get it?".
export function PersonMessages({ id }: { id: string }) {
  const sent = useQuery(personMessagesQuery(id))
  return (
    <section className="card" aria-labelledby="person-messages-heading">
      <h3 id="person-messages-heading">Messages sent</h3>
      <QueryState query={sent}>
        {(copies) =>
          copies.length === 0 ? (
            <p>{mailMessages.nothingSentYet}</p>
          ) : (
            <ul className="person-messages">
              {copies.map((copy) => (
                <li key={copy.id}>
                  {shortDateTime(copy.createdAt)}: <strong>{copy.subject}</strong> (
                  {mailMessages.copyChannel[copy.channel]}, {mailMessages.copyStatus[copy.status]})
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  )
}
