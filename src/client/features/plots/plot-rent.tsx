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
  payer: 'Payer',
  amount: 'Amount',
  outstanding: 'Outstanding',
  steps: 'Reminders',
}

// The plot's rent history, year by year, with the reminders each invoice had and whether it
// went to arrears (a reason to re-let). Kept under the rent screens' first key, so a payment
// recorded there refreshes it.
export function PlotRent({ plotId }: { plotId: string }) {
  const rent = useQuery({
    queryKey: ['rent', 'plot', plotId],
    queryFn: () =>
      api<{ invoices: Invoice[]; entries: LedgerEntry[] }>(
        `/api/plots/${encodeURIComponent(plotId)}/invoices`,
      ),
  })
  return (
    <section className="plot-rent" aria-labelledby="plot-rent-heading">
      <h2 id="plot-rent-heading">Rent</h2>
      <QueryState query={rent}>
        {({ invoices }) =>
          invoices.length === 0 ? (
            <p>{messages.noInvoices}</p>
          ) : (
            <CardTable caption="Rent invoices for this plot" columns={Object.values(COLUMNS)}>
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <th scope="row">
                    <Link to={`/members/rent/invoices/${invoice.id}`}>
                      {messages.invoiceHeading(invoice.number)}
                    </Link>
                  </th>
                  <td data-label={COLUMNS.year}>{invoice.yearLabel}</td>
                  <td data-label={COLUMNS.payer}>{invoice.payerName}</td>
                  <td data-label={COLUMNS.amount}>{penceText(invoice.amount)}</td>
                  <td data-label={COLUMNS.outstanding}>
                    {invoice.cancelled ? messages.entryKind.cancel : penceText(invoice.outstanding)}
                  </td>
                  <td data-label={COLUMNS.steps}>
                    {invoice.steps.length === 0 ? null : (
                      <ul className="plot-rent__steps">
                        {invoice.steps.map(({ step, date }) => (
                          <li key={step}>
                            {messages.rentStep[step]} {date}
                          </li>
                        ))}
                      </ul>
                    )}
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
