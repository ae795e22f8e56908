import { useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { commonMessages } from '#shared/messages/common'
import { peopleMessages } from '#shared/messages/people'
import { rentMessages } from '#shared/messages/rent'
import { penceText } from '#shared/domain/money'
import { currentYearStart, longDate } from '#shared/domain/rent'
import type { RentYear, YearPreview } from '#shared/schemas/rent'
import { Alert } from '../../components/ui/alert.tsx'
import { CardTable } from '../../components/ui/card-table.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { previewYear, startYear } from './api.ts'

/** The start of the year that today falls in, or of the next one once that is started. */
export function suggestedStart(years: RentYear[], yearStart: string, today: string): string {
  const current = currentYearStart(today, yearStart)
  if (!years.some((year) => year.startDate === current)) return current
  return `${Number(current.slice(0, 4)) + 1}-${yearStart}`
}

const COLUMNS = { plot: 'Plot', payer: 'Payer', way: 'Way', amount: 'Amount' }

// Preview first (nothing stored), then start: the invoices are made and sent in one go.
export function StartYearForm({
  suggested,
  onStarted,
}: {
  suggested: string
  onStarted: (notice: string) => void
}) {
  const [startDate, setStartDate] = useState(suggested)
  const [shown, setShown] = useState<YearPreview | null>(null)
  const [error, setError] = useState('')
  const preview = useMutation({ mutationFn: previewYear })
  const start = useChange({ mutationFn: startYear, invalidates: [queryKeys.rent] })
  const busy = preview.isPending || start.isPending

  function submit(event: FormEvent) {
    event.preventDefault()
    onStarted('')
    if (!startDate) return setError(commonMessages.invalidDate)
    setError('')
    preview.mutate(startDate, {
      onSuccess: setShown,
      onError: (failure) => setError(errorMessage(failure)),
    })
  }

  // mutateAsync, not mutate's callbacks: the year's start refreshes the years, which replaces this
  // form before mutate would call back.
  async function startTheYear() {
    if (!shown) return
    setError('')
    try {
      const { created, label } = await start.mutateAsync(shown.startDate)
      onStarted(
        created > 0
          ? rentMessages.rentYearCreated(created, label)
          : rentMessages.rentYearStarted(label),
      )
    } catch (failure) {
      setError(errorMessage(failure))
    }
  }

  return (
    <form className="form rent-start" onSubmit={submit} noValidate>
      <Alert>{error}</Alert>
      <TextField
        label="Rent year starts"
        type="date"
        name="startDate"
        required
        value={startDate}
        onChange={(event) => {
          setStartDate(event.target.value)
          // A preview belongs to its date.
          setShown(null)
        }}
      />
      <div className="button-row">
        <button type="submit" className="button button--quiet" disabled={busy}>
          Preview invoices
        </button>
        {preview.isPending ? <Spinner /> : null}
      </div>
      {shown ? <Preview preview={shown} /> : null}
      {shown && !shown.alreadyStarted && shown.invoices.length > 0 ? (
        <div className="button-row">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void startTheYear()}
          >
            Start rent year
          </button>
          {start.isPending ? <Spinner label="Saving" /> : null}
        </div>
      ) : null}
    </form>
  )
}

function Preview({ preview }: { preview: YearPreview }) {
  if (preview.alreadyStarted)
    return <Alert tone="info">{rentMessages.rentYearStarted(preview.label)}</Alert>
  if (preview.invoices.length === 0)
    return <Alert tone="info">{rentMessages.noPlotsToInvoice}</Alert>
  const alreadyDue = preview.stepsAlreadyDue.map(({ step, date }) => ({
    step,
    date: longDate(date),
  }))
  return (
    <div className="rent-preview">
      <h3>
        Rent year {preview.label}: due by {preview.dueDate}
      </h3>
      {/* A start far back chases every invoice as soon as it is made: said before it is. */}
      {alreadyDue.length > 0 ? (
        <Alert tone="info">{rentMessages.stepsAlreadyDue(alreadyDue)}</Alert>
      ) : null}
      <CardTable
        caption={`Invoices of the rent year ${preview.label}`}
        columns={Object.values(COLUMNS)}
      >
        {preview.invoices.map((invoice) => (
          <tr key={invoice.plotId}>
            <th scope="row">{invoice.plotId}</th>
            <td data-label={COLUMNS.payer}>{invoice.payerName}</td>
            <td data-label={COLUMNS.way}>{peopleMessages.contactBy[invoice.channel]}</td>
            <td data-label={COLUMNS.amount}>{penceText(invoice.amount)}</td>
          </tr>
        ))}
      </CardTable>
      <p className="rent-total">
        <strong>Total</strong> {penceText(preview.total)} (
        {preview.invoices.length.toLocaleString('en-GB')} invoices)
      </p>
    </div>
  )
}
