import { useState } from 'react'
import { commonMessages } from '#shared/messages/common'
import { rentMessages } from '#shared/messages/rent'
import { londonDate } from '#shared/domain/dates'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { paymentsCsvHref } from './api.ts'

// The treasurer's list of money in and out between two dates (of the site chosen, or every
// site), as the server's CSV.
export function PaymentsDownload({
  from: initialFrom,
  site,
}: {
  from: string
  site: number | undefined
}) {
  const [from, setFrom] = useState(initialFrom)
  const [to, setTo] = useState(() => londonDate(new Date()))
  const problem =
    !from || !to ? commonMessages.invalidDate : from > to ? rentMessages.dateRangeInvalid : ''
  return (
    <section className="card rent__section" aria-labelledby="rent-payments-heading">
      <h2 id="rent-payments-heading">Payments for the treasurer</h2>
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
      {problem ? (
        // Still a link to assistive technology, but a disabled one.
        <a role="link" aria-disabled="true" className="button button--quiet">
          Download payments (CSV)
        </a>
      ) : (
        <a className="button button--quiet" href={paymentsCsvHref(from, to, site)} download>
          Download payments (CSV)
        </a>
      )}
    </section>
  )
}
