import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { invoiceMessages } from '#shared/messages/invoices'
import { penceText } from '#shared/domain/money'
import { shortDate } from '#shared/domain/dates'
import type { Invoice, InvoiceStatement } from '#shared/schemas/rent'
import { usePlotNames, type PlotNames } from '#client/components/sites/plot-names.ts'
import { CardTable } from '../ui/card-table.tsx'
import { QueryState } from '../ui/query-state.tsx'
import { balanceText } from './invoice-balance.ts'
import { PayerCredit } from './payer-credit.tsx'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import './invoice-history.css'

// The rent invoices of a person (those they pay) or of a plot, each with what is still owed and
// the reminders it had: the committee sees at once what someone owes, or why a plot is to be
// re-let. Kept under the rent collection's key, so a payment recorded there refreshes it.

const OF = {
  person: {
    url: (id: string) => `/api/people/${encodeURIComponent(id)}/invoices`,
    caption: 'Rent invoices to this person',
    other: {
      heading: 'Plot',
      cell: (invoice: Invoice, plotNames: PlotNames) => plotNames.ofRecord(invoice),
    },
  },
  plot: {
    url: (id: string) => `/api/plots/${encodeURIComponent(id)}/invoices`,
    caption: 'Rent invoices for this plot',
    other: { heading: 'Payer', cell: (invoice: Invoice) => invoice.payerName },
  },
}

const COLUMNS = { year: 'Year', amount: 'Amount', outstanding: 'Outstanding', steps: 'Reminders' }

export function InvoiceHistory({
  of,
  id,
  heading: Heading,
}: {
  of: keyof typeof OF
  id: string
  heading: 'h2' | 'h3'
}) {
  const { url, caption, other } = OF[of]
  const plotNames = usePlotNames()
  const rent = useQuery({
    queryKey: [...queryKeys.rent, of, id],
    queryFn: () => api<InvoiceStatement>(url(id)),
  })
  const headingId = `${of}-rent-heading`
  return (
    <section className="invoice-history" aria-labelledby={headingId}>
      <Heading id={headingId}>Rent</Heading>
      <QueryState query={rent}>
        {({ invoices, credit }) =>
          invoices.length === 0 ? (
            <p>{invoiceMessages.noInvoices}</p>
          ) : (
            <>
              {of === 'person' ? <PayerCredit personId={id} credit={credit} /> : null}
              <CardTable
                caption={caption}
                columns={[
                  'Invoice',
                  COLUMNS.year,
                  other.heading,
                  COLUMNS.amount,
                  COLUMNS.outstanding,
                  COLUMNS.steps,
                ]}
              >
                {invoices.map((invoice) => (
                  <tr key={invoice.id}>
                    <th scope="row">
                      <Link to={`/members/rent/invoices/${invoice.id}`}>
                        {invoiceMessages.invoiceHeading(invoice.number)}
                      </Link>
                    </th>
                    <td data-label={COLUMNS.year}>{invoice.yearLabel}</td>
                    <td data-label={other.heading}>{other.cell(invoice, plotNames)}</td>
                    <td data-label={COLUMNS.amount}>{penceText(invoice.amount)}</td>
                    <td data-label={COLUMNS.outstanding}>
                      {invoice.cancelled
                        ? invoiceMessages.entryKind.cancel
                        : balanceText(invoice.outstanding)}
                    </td>
                    <td data-label={COLUMNS.steps}>
                      {invoice.steps.length === 0 ? null : (
                        <ul className="invoice-history__steps">
                          {invoice.steps.map(({ step, date }) => (
                            <li key={step}>
                              {invoiceMessages.rentStep[step]} {shortDate(date)}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </CardTable>
            </>
          )
        }
      </QueryState>
    </section>
  )
}
