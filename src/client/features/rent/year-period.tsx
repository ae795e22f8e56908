import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { londonDate } from '#shared/domain/dates'
import { yearEnd } from '#shared/domain/year-accounts'
import { commonMessages } from '#shared/messages/common'
import { rentMessages } from '#shared/messages/rent'
import type { RentYear } from '#shared/schemas/rent'
import type { Period } from '#shared/schemas/year-accounts'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { yearsQuery } from './api.ts'

// The financial year the bank lines and the accounts are of: the latest rent year's, from its
// first day to the day before the same date a year on, unless the treasurer chooses other days.

const firstPeriod = (years: readonly RentYear[]): Period => {
  const from = years[0]?.startDate ?? `${londonDate(new Date()).slice(0, 4)}-01-01`
  return { from, to: yearEnd(from) }
}

/** The period's fields, and what is of it once its days make a period. */
export function YearPeriod({ children }: { children: (period: Period) => React.ReactNode }) {
  const years = useQuery(yearsQuery)
  return (
    <QueryState query={years}>
      {(list) => <PeriodFields initial={firstPeriod(list)}>{children}</PeriodFields>}
    </QueryState>
  )
}

function PeriodFields({
  initial,
  children,
}: {
  initial: Period
  children: (period: Period) => React.ReactNode
}) {
  const [from, setFrom] = useState(initial.from)
  const [to, setTo] = useState(initial.to)
  const problem =
    !from || !to ? commonMessages.invalidDate : from > to ? rentMessages.dateRangeInvalid : ''
  return (
    <>
      <div className="toolbar">
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
      </div>
      <Alert>{problem}</Alert>
      {problem ? null : children({ from, to })}
    </>
  )
}

/** The treasurer's year-end pages, each linking the others. */
export function YearLinks() {
  return (
    <p className="button-row">
      <Link className="link-target" to="/members/rent">
        Rent
      </Link>
      <Link className="link-target" to="/members/rent/bank-lines">
        Bank lines
      </Link>
      <Link className="link-target" to="/members/rent/accounts">
        Receipts and payments
      </Link>
    </p>
  )
}
