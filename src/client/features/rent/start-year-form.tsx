import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { commonMessages } from '#shared/messages/common'
import { peopleMessages } from '#shared/messages/people'
import { partYearMessages } from '#shared/messages/part-year'
import { rentMessages } from '#shared/messages/rent'
import { penceText } from '#shared/domain/money'
import { longDate } from '#shared/domain/dates'
import type { YearPreview } from '#shared/schemas/rent'
import { usePlotNames } from '#client/components/sites/plot-names.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { CardTable } from '../../components/ui/card-table.tsx'
import { CheckboxField, TextField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { previewYear, startYear } from './api.ts'

const COLUMNS = { plot: 'Plot', payer: 'Payer', way: 'Way', amount: 'Amount' }

// Preview first (nothing stored), then start, then confirm what that sends: the invoices are made
// and sent in one go, and the server takes the start only with the preview's counts confirmed.
export function StartYearForm({
  suggested,
  onStarted,
}: {
  suggested: string
  onStarted: (notice: string) => void
}) {
  const [startDate, setStartDate] = useState(suggested)
  const [shown, setShown] = useState<YearPreview | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState('')
  // The paid flags brought in from a sheet that are not to become payments (issue 43).
  const [dropPaid, setDropPaid] = useState<string[]>([])
  const preview = useMutation({ mutationFn: previewYear })
  const start = useChange({ mutationFn: startYear, invalidates: [queryKeys.rent] })
  const busy = preview.isPending || start.isPending

  function submit(event: FormEvent) {
    event.preventDefault()
    onStarted('')
    if (!startDate) return setError(commonMessages.invalidDate)
    setError('')
    setConfirming(false)
    setDropPaid([])
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
      const { created, label } = await start.mutateAsync({
        startDate: shown.startDate,
        confirmed: shown.sending,
        dropPaid,
      })
      onStarted(
        created > 0
          ? rentMessages.rentYearCreated(created, label)
          : rentMessages.rentYearStarted(label),
      )
    } catch (failure) {
      // What was previewed may no longer be what the year would send: preview it again.
      setShown(null)
      setConfirming(false)
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
          setConfirming(false)
        }}
      />
      <div className="button-row">
        <button type="submit" className="button button--quiet" disabled={busy}>
          Preview invoices
        </button>
        {preview.isPending ? <Spinner /> : null}
      </div>
      {shown ? (
        <Preview
          preview={shown}
          dropPaid={dropPaid}
          onKeep={(plotId, keep) =>
            setDropPaid((dropped) =>
              keep ? dropped.filter((id) => id !== plotId) : [...dropped, plotId],
            )
          }
        />
      ) : null}
      {shown && !shown.alreadyStarted && shown.invoices.length > 0 ? (
        confirming ? (
          <Confirm
            preview={shown}
            busy={busy}
            onConfirm={() => void startTheYear()}
            onBack={() => setConfirming(false)}
          />
        ) : (
          <div className="button-row">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              Start rent year
            </button>
          </div>
        )
      ) : null}
    </form>
  )
}

// The last step before anything is sent: the question names what goes out, the button the act.
function Confirm({
  preview,
  busy,
  onConfirm,
  onBack,
}: {
  preview: YearPreview
  busy: boolean
  onConfirm: () => void
  onBack: () => void
}) {
  const question = useRef<HTMLParagraphElement>(null)
  // The keyboard and a screen reader move on to the question the button asked.
  useEffect(() => question.current?.focus(), [])
  return (
    <div className="rent-confirm" role="group" aria-labelledby="rent-confirm-question">
      <p id="rent-confirm-question" ref={question} tabIndex={-1}>
        <strong>{rentMessages.confirmStart(preview.label, preview.sending.invoices)}</strong>{' '}
        {rentMessages.previewSending(sendingNow(preview))}
      </p>
      <div className="button-row">
        <button type="button" className="button" disabled={busy} onClick={onConfirm}>
          {rentMessages.sendInvoices(preview.sending.invoices)}
        </button>
        <button type="button" className="button button--quiet" disabled={busy} onClick={onBack}>
          Back
        </button>
        {busy ? <Spinner label="Saving" /> : null}
      </div>
    </div>
  )
}

const sendingNow = (preview: YearPreview) =>
  rentMessages.sendingNow(preview.sending, preview.firstReminder)

function Preview({
  preview,
  dropPaid,
  onKeep,
}: {
  preview: YearPreview
  dropPaid: readonly string[]
  onKeep: (plotId: string, keep: boolean) => void
}) {
  const paidBefore = preview.invoices.some((invoice) => invoice.paidBefore)
  const plotNames = usePlotNames()
  const columns = [
    ...Object.values(COLUMNS),
    ...(paidBefore ? [partYearMessages.paidBeforeColumn] : []),
  ]
  if (preview.alreadyStarted)
    return <Alert tone="info">{rentMessages.rentYearStarted(preview.label)}</Alert>
  if (preview.invoices.length === 0)
    return <Alert tone="info">{rentMessages.noPlotsToInvoice}</Alert>
  return (
    <div className="rent-preview">
      <h3>
        Rent year {preview.label}: due by {longDate(preview.dueDate)}
      </h3>
      {/* A start already past gives the payers their days to pay from today: said before. */}
      {preview.startDate < preview.issuedOn ? (
        <p>{rentMessages.dueFromToday(preview.dueDate)}</p>
      ) : null}
      <p>{rentMessages.previewSending(sendingNow(preview))}</p>
      <CardTable caption={`Invoices of the rent year ${preview.label}`} columns={columns}>
        {preview.invoices.map((invoice) => (
          <tr key={invoice.plotId}>
            <th scope="row">{plotNames.ofRecord(invoice)}</th>
            <td data-label={COLUMNS.payer}>{invoice.payerName}</td>
            <td data-label={COLUMNS.way}>{peopleMessages.contactBy[invoice.channel]}</td>
            <td data-label={COLUMNS.amount}>{penceText(invoice.amount)}</td>
            {paidBefore ? (
              <td data-label={partYearMessages.paidBeforeColumn}>
                {/* "Rent paid? Y" from the sheet: a payment of the year, unless unticked. */}
                {invoice.paidBefore ? (
                  <CheckboxField
                    label={partYearMessages.keepPaid(plotNames.ofRecord(invoice))}
                    checked={!dropPaid.includes(invoice.plotId)}
                    onChange={(event) => onKeep(invoice.plotId, event.target.checked)}
                  />
                ) : null}
              </td>
            ) : null}
          </tr>
        ))}
      </CardTable>
      <p className="rent-total">
        <strong>Total</strong> {penceText(preview.total)} (
        {rentMessages.invoiceCount(preview.invoices.length)})
      </p>
    </div>
  )
}
