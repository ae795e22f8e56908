import { useId, useState, type FormEvent } from 'react'
import { commonMessages } from '#shared/messages/common'
import { rentMessages } from '#shared/messages/rent'
import { londonDate } from '#shared/domain/dates'
import { parsePounds } from '#shared/domain/money'
import type { CorrectionInput, Invoice } from '#shared/schemas/rent'
import { Alert } from '../../components/ui/alert.tsx'
import { SelectField, TextField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useReportUnsaved, type ReportUnsaved } from '../../lib/unsaved-changes.tsx'
import { useChange } from '../../lib/use-change.ts'
import { recordCorrection } from './api.ts'
import { useRequestId } from '../../lib/request-id.ts'

type Kind = CorrectionInput['kind']

const KINDS: Record<Kind, string> = {
  refund: 'Refund',
  writeoff: 'Write off',
  cancel: 'Cancel invoice',
}
const ENTRY_WORDS: Record<Kind, string> = {
  refund: 'Refund',
  writeoff: 'Write-off',
  cancel: 'Cancellation',
}

interface Props {
  invoice: Invoice
  report: ReportUnsaved
  onRecorded: (notice: string) => void
}

// Money given back, a debt let go, or the invoice withdrawn; each says why.
export function CorrectionForm({ invoice, report, onRecorded }: Props) {
  const form = useFormValues(() => ({
    kind: 'refund' as Kind,
    amount: '',
    date: londonDate(new Date()),
    reference: '',
  }))
  const [error, setError] = useState('')
  const request = useRequestId()
  const save = useChange({ mutationFn: recordCorrection, invalidates: [queryKeys.rent] })
  const headingId = useId()
  useReportUnsaved(report, 'correction', form.changed)
  const { kind } = form.values

  // A refund needs its amount; a write-off without one lets go of all still owed; a
  // cancellation takes no amount.
  function amountOf(): { ok: true; value: number | undefined } | { ok: false; message: string } {
    if (kind === 'cancel') return { ok: true, value: undefined }
    if (kind === 'writeoff' && !form.values.amount.trim()) return { ok: true, value: undefined }
    return parsePounds(form.values.amount)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const amount = amountOf()
    if (!amount.ok) return setError(amount.message)
    if (!form.values.date) return setError(commonMessages.invalidDate)
    const reference = form.values.reference.trim()
    if (!reference) return setError(rentMessages.referenceRequired)
    setError('')
    try {
      await save.mutateAsync({
        invoiceId: invoice.id,
        kind,
        ...(amount.value === undefined ? {} : { amount: amount.value }),
        date: form.values.date,
        reference,
        requestId: request.id,
      })
    } catch (failure) {
      request.failed(failure)
      return setError(errorMessage(failure))
    }
    request.succeeded()
    report('correction', false)
    onRecorded(rentMessages.entryRecorded(ENTRY_WORDS[kind]))
  }

  return (
    <section className="card rent__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Correct</h2>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <Alert>{error}</Alert>
        <SelectField
          label="Correction"
          name="kind"
          value={kind}
          onChange={(event) => form.change({ kind: event.target.value as Kind })}
        >
          {Object.entries(KINDS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        {kind === 'cancel' ? null : (
          <TextField
            label="Amount (£)"
            inputMode="decimal"
            autoComplete="off"
            required={kind === 'refund'}
            hint={kind === 'writeoff' ? rentMessages.writeOffAllHint : undefined}
            {...form.text('amount')}
          />
        )}
        <TextField label="Date" type="date" required {...form.text('date')} />
        <TextField
          label="Reason"
          autoComplete="off"
          required
          maxLength={200}
          {...form.text('reference')}
        />
        <div className="button-row">
          <button type="submit" className="button button--quiet" disabled={save.isPending}>
            Record correction
          </button>
          {save.isPending ? <Spinner label="Saving" /> : null}
        </div>
      </form>
    </section>
  )
}
