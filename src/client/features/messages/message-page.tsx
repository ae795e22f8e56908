import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { mailMessages } from '#shared/messages/mail'
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
        <Link className="link-target" to="/members/messages">
          Back to messages
        </Link>
      </p>
      <QueryState query={copies}>
        {(list) =>
          list.length === 0 ? (
            <p>{mailMessages.noMessagesYet}</p>
          ) : (
            <>
              <h2>{list[0]!.subject}</h2>
              <LettersLink
                batchId={Number(id)}
                count={list.filter((c) => c.channel === 'post').length}
              />
              <CopiesTable copies={list} />
            </>
          )
        }
      </QueryState>
    </section>
  )
}

// The letters come as one PDF to print, a page each, addressed for a window envelope.
function LettersLink({ batchId, count }: { batchId: number; count: number }) {
  if (count === 0) return null
  return (
    <p>
      <a className="button button--quiet" href={`/api/messages/${batchId}/letters.pdf`} download>
        {mailMessages.downloadLetters(count)}
      </a>
    </p>
  )
}
