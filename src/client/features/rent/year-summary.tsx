import { useQuery } from '@tanstack/react-query'
import { penceText } from '#shared/domain/money'
import { longDate } from '#shared/domain/dates'
import type { RentYear } from '#shared/schemas/rent'
import { QueryState } from '../../components/ui/query-state.tsx'
import { summaryQuery } from './api.ts'
import { Fact } from './facts.tsx'

// The year's totals, as the treasurer reports them.
export function YearSummaryCard({ year }: { year: RentYear }) {
  const summary = useQuery(summaryQuery(year.id))
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
          <Fact term="Outstanding" value={penceText(totals.outstanding)} />
        </dl>
      )}
    </QueryState>
  )
}
