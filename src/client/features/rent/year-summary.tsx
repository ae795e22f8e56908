import { invoiceMessages } from '#shared/messages/invoices'
import { useQuery } from '@tanstack/react-query'
import { penceText } from '#shared/domain/money'
import { longDate } from '#shared/domain/dates'
import type { RentYear } from '#shared/schemas/rent'
import { QueryState } from '../../components/ui/query-state.tsx'
import { summaryQuery } from './api.ts'
import { Fact } from './facts.tsx'

// The year's totals (of the site chosen, or every site), as the treasurer reports them.
export function YearSummaryCard({ year, site }: { year: RentYear; site: number | undefined }) {
  const summary = useQuery(summaryQuery(year.id, site))
  return (
    <QueryState query={summary}>
      {(totals) => (
        <dl className="rent-facts">
          <Fact term="Starts" value={longDate(year.startDate)} />
          <Fact term="Due by" value={longDate(year.dueDate)} />
          <Fact term="Invoices" value={totals.invoices.toLocaleString('en-GB')} />
          <Fact term="Invoiced" value={penceText(totals.invoiced)} />
          <Fact term="Received" value={penceText(totals.received)} />
          <Fact term="Refunded" value={penceText(totals.refunded)} />
          <Fact term="Written off" value={penceText(totals.writtenOff)} />
          <Fact term="Cancelled" value={penceText(totals.cancelled)} />
          {totals.paidFromCredit > 0 ? (
            <Fact
              term={invoiceMessages.entryKind.credit}
              value={penceText(totals.paidFromCredit)}
            />
          ) : null}
          {totals.carried > 0 ? (
            <Fact term="Credit carried to other invoices" value={penceText(totals.carried)} />
          ) : null}
          <Fact term="Outstanding" value={penceText(totals.outstanding)} />
          {totals.credit > 0 ? (
            <Fact term={invoiceMessages.invoiceFacts.credit} value={penceText(totals.credit)} />
          ) : null}
        </dl>
      )}
    </QueryState>
  )
}
