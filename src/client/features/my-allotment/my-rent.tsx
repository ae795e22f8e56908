import { useQuery } from '@tanstack/react-query'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { londonDate, longDate } from '#shared/domain/dates'
import { penceText } from '#shared/domain/money'
import type { Invoice } from '#shared/schemas/rent'
import { InstalmentsTable } from '#client/components/rent/instalments-table.tsx'
import { CardTable } from '../../components/ui/card-table.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { myInvoiceUrl, myRentQuery } from './api.ts'

const COLUMNS = {
  invoice: 'Invoice',
  plot: 'Plot',
  due: 'Due by',
  amount: 'Amount',
  paid: 'Paid',
  owed: 'Still to pay',
}

/** The member's invoices, newest first, with what is paid and owed, and how to pay. */
export function MyRent() {
  const rent = useQuery(myRentQuery)
  return (
    <section aria-labelledby="my-rent">
      <h2 id="my-rent">My rent</h2>
      <QueryState query={rent}>
        {({ invoices, credit, paymentInstructions }) => (
          <>
            {credit > 0 ? <p>{myAllotmentMessages.yourCredit(penceText(credit))}</p> : null}
            {invoices.length === 0 ? (
              <p>{myAllotmentMessages.noInvoicesYet}</p>
            ) : (
              <CardTable caption="Your invoices" columns={Object.values(COLUMNS)}>
                {invoices.map((invoice) => (
                  <InvoiceRow key={invoice.id} invoice={invoice} />
                ))}
              </CardTable>
            )}
            {invoices.map((invoice) =>
              invoice.split && !invoice.cancelled ? (
                <section key={invoice.id} aria-labelledby={`my-instalments-${invoice.id}`}>
                  <h3 id={`my-instalments-${invoice.id}`}>
                    {myAllotmentMessages.instalmentsOf(invoice.number)}
                  </h3>
                  <InstalmentsTable
                    invoice={{ ...invoice, split: invoice.split }}
                    today={londonDate(new Date())}
                  />
                </section>
              ) : null,
            )}
            {paymentInstructions ? (
              <>
                <h3>How to pay</h3>
                <p className="my-allotment__instructions">{paymentInstructions}</p>
              </>
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  )
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  return (
    <tr>
      <th scope="row">
        <a href={myInvoiceUrl(invoice.id)} target="_blank" rel="noreferrer">
          No. {invoice.number} ({invoice.yearLabel})<span className="visually-hidden">, PDF</span>
        </a>
      </th>
      <td data-label={COLUMNS.plot}>{invoice.plotName}</td>
      <td data-label={COLUMNS.due}>{longDate(invoice.dueDate)}</td>
      <td data-label={COLUMNS.amount}>{penceText(invoice.amount)}</td>
      <td data-label={COLUMNS.paid}>{penceText(invoice.paid)}</td>
      <td data-label={COLUMNS.owed}>
        {invoice.cancelled
          ? 'Withdrawn'
          : invoice.outstanding < 0
            ? myAllotmentMessages.paidOver(penceText(-invoice.outstanding))
            : penceText(invoice.outstanding)}
      </td>
    </tr>
  )
}
