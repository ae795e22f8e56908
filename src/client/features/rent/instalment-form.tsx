import { useId, useState, type FormEvent } from 'react'
import { commonMessages } from '#shared/messages/common'
import { instalmentMessages as words } from '#shared/messages/instalments'
import { addMonths, londonDate } from '#shared/domain/dates'
import { MAX_INSTALMENTS } from '#shared/domain/instalments'
import { penceText, parsePounds } from '#shared/domain/money'
import type { Invoice } from '#shared/schemas/rent'
import { Alert } from '../../components/ui/alert.tsx'
import { RadioGroup, TextField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useReportUnsaved, type ReportUnsaved } from '../../lib/unsaved-changes.tsx'
import { useChange } from '../../lib/use-change.ts'
import { splitInstalments } from './api.ts'

type By = 'count' | 'amount'

const BY_OPTIONS: ReadonlyArray<{ value: By; label: string }> = [
  { value: 'count', label: words.byCount },
  { value: 'amount', label: words.byAmount },
]

interface Props {
  invoice: Invoice
  report: ReportUnsaved
  onSplit: (notice: string) => void
}

// What the invoice still owes split into monthly instalments (decision 60), or split again.
export function InstalmentForm({ invoice, report, onSplit }: Props) {
  const form = useFormValues(() => ({
    by: 'count' as By,
    count: '3',
    amount: '',
    firstDue: addMonths(londonDate(new Date()), 1),
  }))
  const [error, setError] = useState('')
  const save = useChange({ mutationFn: splitInstalments, invalidates: [queryKeys.rent] })
  const headingId = useId()
  useReportUnsaved(report, 'instalments', form.changed)
  const replacing = invoice.split !== null

  async function submit(event: FormEvent) {
    event.preventDefault()
    const { by } = form.values
    let size: { count: number } | { amount: number }
    if (by === 'count') {
      if (!/^\d+$/.test(form.values.count.trim()))
        return setError(words.countRange(MAX_INSTALMENTS))
      size = { count: Number(form.values.count) }
    } else {
      const amount = parsePounds(form.values.amount)
      if (!amount.ok) return setError(amount.message)
      size = { amount: amount.value }
    }
    if (!form.values.firstDue) return setError(commonMessages.invalidDate)
    setError('')
    try {
      await save.mutateAsync({
        invoiceId: invoice.id,
        version: invoice.split?.version ?? 0,
        firstDueDate: form.values.firstDue,
        ...size,
      })
    } catch (failure) {
      return setError(errorMessage(failure))
    }
    report('instalments', false)
    onSplit(words.splitSaved)
  }

  return (
    <section className="card rent__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{replacing ? words.replaceHeading : words.splitHeading}</h2>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <Alert>{error}</Alert>
        <p>{words.splitHint(penceText(invoice.outstanding))}</p>
        <RadioGroup
          legend={words.splitBy}
          name="by"
          options={BY_OPTIONS}
          value={form.values.by}
          onChange={(by) => form.change({ by })}
        />
        {form.values.by === 'count' ? (
          <TextField
            label={words.count}
            inputMode="numeric"
            autoComplete="off"
            required
            {...form.text('count')}
          />
        ) : (
          <TextField
            label={words.eachAmount}
            inputMode="decimal"
            autoComplete="off"
            required
            {...form.text('amount')}
          />
        )}
        <TextField label={words.firstDue} type="date" required {...form.text('firstDue')} />
        <div className="button-row">
          <button type="submit" className="button" disabled={save.isPending}>
            {replacing ? words.replaceButton : words.splitButton}
          </button>
          {save.isPending ? <Spinner label="Saving" /> : null}
        </div>
      </form>
    </section>
  )
}
