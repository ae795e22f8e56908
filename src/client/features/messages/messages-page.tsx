import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { mailMessages } from '#shared/messages/mail'
import { COPY_STATUSES } from '#shared/domain/contact-ways'
import type { MessageBatch } from '#shared/schemas/messages'
import { Alert } from '../../components/ui/alert.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { batchesQuery } from './api.ts'
import { ComposeForm, type LetterStart } from './compose-form.tsx'
import { TemplatesList } from './templates-list.tsx'
import { shortDateTime } from '#shared/domain/dates'
import './messages.css'
import { CardTable } from '../../components/ui/card-table.tsx'

// The letter the address names: the waiting list's "Send everyone their reference", or the
// concessions list's "Ask them for fresh evidence" or a rent rise's notice letter with the people
// it names (issue 47).
function letterStart(search: URLSearchParams): LetterStart | undefined {
  const letter = search.get('start')
  if (letter === 'references') return { letter }
  const people = (search.get('people') ?? '').split(',').filter(Boolean)
  if ((letter === 'freshEvidence' || letter === 'rentRise') && people.length > 0)
    return { letter, people }
  return undefined
}

// Letters and e-mails to members: write one to a group, and see what became of each sent.
export function MessagesPage() {
  const batches = useQuery(batchesQuery)
  const [notice, setNotice] = useState('')
  // Each message sent is followed by a fresh, empty form; the first may start from a letter the
  // address names (the waiting list's "Send everyone their reference").
  const [sent, setSent] = useState(0)
  const [search] = useSearchParams()
  const start = sent === 0 ? letterStart(search) : undefined
  return (
    <section>
      <PageHeading>Messages</PageHeading>
      <section className="card" aria-labelledby="message-write-heading">
        <h2 id="message-write-heading">Write a message</h2>
        <Alert tone="success">{notice}</Alert>
        <ComposeForm
          key={sent}
          start={start}
          onSent={(text) => {
            setNotice(text)
            setSent((count) => count + 1)
          }}
        />
      </section>
      <TemplatesList />
      <section aria-labelledby="message-list-heading">
        <h2 id="message-list-heading">Sent</h2>
        <QueryState query={batches}>
          {(list) =>
            list.length === 0 ? <p>{mailMessages.noMessagesYet}</p> : <BatchTable batches={list} />
          }
        </QueryState>
      </section>
    </section>
  )
}

const COLUMNS = { date: 'Date', subject: 'Subject', to: 'To', by: 'By', copies: 'Copies' }

// "12 e-mails sent, 3 letters to print": only the states some copy is in.
const countsText = (counts: MessageBatch['counts']) =>
  COPY_STATUSES.filter((status) => counts[status] > 0)
    .map((status) => mailMessages.copiesCounted[status](counts[status]))
    .join(', ')

function BatchTable({ batches }: { batches: MessageBatch[] }) {
  return (
    <CardTable caption="Messages sent, newest first" columns={Object.values(COLUMNS)}>
      {batches.map((batch) => (
        <tr key={batch.id}>
          <td data-label={COLUMNS.date}>{shortDateTime(batch.createdAt)}</td>
          <th scope="row">
            <Link to={String(batch.id)}>{batch.subject}</Link>
          </th>
          <td data-label={COLUMNS.to}>{batch.audience}</td>
          <td data-label={COLUMNS.by}>{batch.createdBy}</td>
          <td data-label={COLUMNS.copies}>{countsText(batch.counts)}</td>
        </tr>
      ))}
    </CardTable>
  )
}
