import { useQuery } from '@tanstack/react-query'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { enquiriesQueryKey, fetchEnquiries, type Enquiry } from './api.ts'

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

// Every enquiry from the contact form, sent or still waiting to be sent, newest first.
export function EnquiriesPage() {
  const enquiries = useQuery({ queryKey: enquiriesQueryKey, queryFn: fetchEnquiries })
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
                {rows.length} enquiries, {rows.filter((r) => !r.sent).length} unsent
              </p>
              <div className="table-scroll">
                <table className="table">
                  <caption className="visually-hidden">Enquiries from the contact form</caption>
                  <thead>
                    <tr>
                      <th scope="col">Received</th>
                      <th scope="col">Name</th>
                      <th scope="col">E-mail Address</th>
                      <th scope="col">Enquiry</th>
                      <th scope="col">Email</th>
                    </tr>
                  </thead>
                  <tbody>{rows.map((row) => <EnquiryRow key={row.id} enquiry={row} />)}</tbody>
                </table>
              </div>
            </>
          )
        }
      </QueryState>
    </section>
  )
}

function EnquiryRow({ enquiry }: { enquiry: Enquiry }) {
  return (
    <tr>
      <td>{when(enquiry.createdAt)}</td>
      <th scope="row">{enquiry.name}</th>
      <td>
        <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>
      </td>
      <td className="enquiry-text">{enquiry.enquiry}</td>
      <td>
        {enquiry.sent
          ? `Sent ${when(enquiry.sentAt!)}`
          : `Unsent (${enquiry.attempts} attempts${enquiry.lastError ? `: ${enquiry.lastError}` : ''})`}
      </td>
    </tr>
  )
}
