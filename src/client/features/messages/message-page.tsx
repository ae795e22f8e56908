import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { messages } from '#shared/messages'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { copiesQuery } from './api.ts'
import { CopiesTable } from './copies-table.tsx'

// One message's copies: who, which way, and what became of each.
export function MessagePage() {
  const { id = '' } = useParams()
  const copies = useQuery(copiesQuery(Number(id)))
  return (
    <section>
      <PageHeading>Message</PageHeading>
      <p>
        <Link to="/members/messages">Back to messages</Link>
      </p>
      <QueryState query={copies}>
        {(list) =>
          list.length === 0 ? (
            <p>{messages.noMessagesYet}</p>
          ) : (
            <>
              <h2>{list[0]!.subject}</h2>
              <CopiesTable copies={list} />
            </>
          )
        }
      </QueryState>
    </section>
  )
}
