import { useQuery } from '@tanstack/react-query'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { contactMessages } from '#shared/messages/contact'
import type { Enquiry } from '#shared/schemas/contact'
import { shortDateTime } from '#shared/domain/dates'
import { enquiriesQuery } from './api.ts'
import { CardTable } from '../../components/ui/card-table.tsx'

// Every enquiry from the contact form, sent or still waiting to be sent, newest first.
export function EnquiriesPage() {
  const enquiries = useQuery(enquiriesQuery)
  return (
    <section>
      <PageHeading>Enquiries</PageHeading>
      <QueryState query={enquiries}>
        {(rows) =>
          rows.length === 0 ? (
            <p>No enquiries yet.</p>
          ) : (
            <>
              <p className="count">
                {contactMessages.enquiriesCount(
                  rows.length,
                  rows.filter((r) => !r.sent).length,
                  rows.filter((r) => r.deliveredTo === 'outbox').length,
                )}
              </p>
              <CardTable caption="Enquiries from the contact form" columns={Object.values(COLUMNS)}>
                {rows.map((row) => (
                  <EnquiryRow key={row.id} enquiry={row} />
                ))}
              </CardTable>
            </>
          )
        }
      </QueryState>
    </section>
  )
}

// The headings, also worn by each cell: on a phone the rows are cards that name their fields.
const COLUMNS = {
  received: 'Received',
  name: 'Name',
  email: 'E-mail Address',
  enquiry: 'Enquiry',
  status: 'Email',
}

function EnquiryRow({ enquiry }: { enquiry: Enquiry }) {
  return (
    <tr>
      <td data-label={COLUMNS.received}>{shortDateTime(enquiry.createdAt)}</td>
      <th scope="row">{enquiry.name}</th>
      <td data-label={COLUMNS.email}>
        <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>
      </td>
      <td data-label={COLUMNS.enquiry} className="enquiry-text">
        {enquiry.enquiry}
      </td>
      <td data-label={COLUMNS.status}>{deliveryStatus(enquiry)}</td>
    </tr>
  )
}

function deliveryStatus(enquiry: Enquiry): string {
  if (!enquiry.sent) {
    return `Unsent (${enquiry.attempts} attempts${enquiry.lastError ? `: ${enquiry.lastError}` : ''})`
  }
  if (enquiry.deliveredTo === 'outbox') return contactMessages.enquiryInOutbox
  return `Sent ${shortDateTime(enquiry.sentAt!)}`
}
