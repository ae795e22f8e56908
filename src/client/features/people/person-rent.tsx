import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { messages } from '#shared/messages'
import { penceText } from '#shared/domain/money'
import type { Invoice, LedgerEntry } from '#shared/schemas/rent'
import { CardTable } from '../../components/ui/card-table.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { api } from '../../lib/api.ts'

const COLUMNS = {
  invoice: 'Invoice',
  year: 'Year',
  plot: 'Plot',
  amount: 'Amount',
  outstanding: 'Outstanding',
}

// The invoices this person pays: the committee sees at once what they owe. Under the rent
// screens' first key, so a payment recorded there refreshes this too.
export function PersonRent({ id }: { id: string }) {
  const rent = useQuery({
    queryKey: ['rent', 'person', id],
    queryFn: () =>
      api<{ invoices: Invoice[]; entries: LedgerEntry[] }>(
        `/api/people/${encodeURIComponent(id)}/invoices`,
      ),
  })
  return (
    <section className="card person-rent" aria-labelledby="person-rent-heading">
      <h3 id="person-rent-heading">Rent</h3>
      <QueryState query={rent}>
        {({ invoices }) =>
          invoices.length === 0 ? (
            <p>{messages.noInvoices}</p>
          ) : (
            <CardTable caption="Rent invoices to this person" columns={Object.values(COLUMNS)}>
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <th scope="row">
                    <Link to={`/members/rent/invoices/${invoice.id}`}>
                      {messages.invoiceHeading(invoice.number)}
                    </Link>
                  </th>
                  <td data-label={COLUMNS.year}>{invoice.yearLabel}</td>
                  <td data-label={COLUMNS.plot}>{invoice.plotId}</td>
                  <td data-label={COLUMNS.amount}>{penceText(invoice.amount)}</td>
                  <td data-label={COLUMNS.outstanding}>
                    {invoice.cancelled ? messages.entryKind.cancel : penceText(invoice.outstanding)}
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
