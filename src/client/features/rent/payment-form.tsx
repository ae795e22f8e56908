import { useId, useState, type FormEvent } from 'react'
import { commonMessages } from '#shared/messages/common'
import { invoiceMessages } from '#shared/messages/invoices'
import { rentMessages } from '#shared/messages/rent'
import { londonDate } from '#shared/domain/dates'
import { parsePounds, penceInput } from '#shared/domain/money'
import { PAYMENT_METHODS, paymentNote, type PaymentMethod } from '#shared/domain/rent'
import type { Invoice } from '#shared/schemas/rent'
import { Alert } from '../../components/ui/alert.tsx'
import { SelectField, TextField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useReportUnsaved, type ReportUnsaved } from '../../lib/unsaved-changes.tsx'
import { useChange } from '../../lib/use-change.ts'
import { recordPayment } from './api.ts'
import { useRequestId } from '../../lib/request-id.ts'

interface Props {
  invoice: Invoice
  report: ReportUnsaved
  onRecorded: (notice: string) => void
}

// Money received against the invoice. The page gives a fresh form (and request id) after each
// payment recorded; until then every attempt is the same payment.
export function PaymentForm({ invoice, report, onRecorded }: Props) {
  const form = useFormValues(() => ({
    amount: invoice.outstanding > 0 ? penceInput(invoice.outstanding) : '',
    method: 'transfer' as PaymentMethod,
    date: londonDate(new Date()),
    reference: '',
  }))
  const [error, setError] = useState('')
  const request = useRequestId()
  const save = useChange({ mutationFn: recordPayment, invalidates: [queryKeys.rent] })
  const headingId = useId()
  useReportUnsaved(report, 'payment', form.changed)
  // Short of the balance, or over it (the rest the payer's credit): said as it is typed.
  const typed = parsePounds(form.values.amount)
  const note =
    typed.ok && invoice.outstanding > 0 ? paymentNote(typed.value, invoice.outstanding) : null

  async function submit(event: FormEvent) {
    event.preventDefault()
    const amount = parsePounds(form.values.amount)
    if (!amount.ok) return setError(amount.message)
    if (!form.values.date) return setError(commonMessages.invalidDate)
    setError('')
    try {
      await save.mutateAsync({
        invoiceId: invoice.id,
        amount: amount.value,
        method: form.values.method,
        date: form.values.date,
        reference: form.values.reference.trim(),
        requestId: request.id,
      })
    } catch (failure) {
      request.failed(failure)
      return setError(errorMessage(failure))
    }
    request.succeeded()
    report('payment', false)
    onRecorded(rentMessages.entryRecorded('Payment'))
  }

  return (
    <section className="card rent__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Record a payment</h2>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <Alert>{error}</Alert>
        <TextField
          label="Amount (£)"
          inputMode="decimal"
          autoComplete="off"
          required
          hint={note ?? undefined}
          {...form.text('amount')}
        />
        <SelectField
          label="Method"
          name="method"
          value={form.values.method}
          onChange={(event) => form.change({ method: event.target.value as PaymentMethod })}
        >
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {invoiceMessages.paymentMethod[method]}
            </option>
          ))}
        </SelectField>
        <TextField label="Date" type="date" required {...form.text('date')} />
        <TextField
          label="Reference"
          autoComplete="off"
          maxLength={200}
          {...form.text('reference')}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={save.isPending}>
            Record payment
          </button>
          {save.isPending ? <Spinner label="Saving" /> : null}
        </div>
      </form>
    </section>
  )
}
