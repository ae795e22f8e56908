import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { mailMessages } from '#shared/messages/mail'
import type { SentMessage } from '#shared/schemas/messages'
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
              <LettersLinks batchId={Number(id)} copies={list} />
              <CopiesTable copies={list} />
            </>
          )
        }
      </QueryState>
    </section>
  )
}

// The letters come as one PDF to print, a page each, addressed for a window envelope; a message
// sent by e-mail can be printed for everyone too (a notice board, the AGM pack).
function LettersLinks({ batchId, copies }: { batchId: number; copies: SentMessage[] }) {
  const letters = copies.filter((copy) => copy.channel === 'post').length
  const emailed = copies.some((copy) => copy.channel === 'email')
  if (letters === 0 && !emailed) return null
  return (
    <p className="button-row">
      {letters > 0 ? (
        <a className="button button--quiet" href={`/api/messages/${batchId}/letters.pdf`} download>
          {mailMessages.downloadLetters(letters)}
        </a>
      ) : null}
      {emailed ? (
        <a
          className="button button--quiet"
          href={`/api/messages/${batchId}/letters-for-everyone.pdf`}
          download
        >
          {mailMessages.printForEveryone}
        </a>
      ) : null}
    </p>
  )
}
