import { useEffect, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { LEAVING_CHOICES, type LeavingChoice } from '#shared/domain/part-year'
import { penceText } from '#shared/domain/money'
import { partYearMessages } from '#shared/messages/part-year'
import type { Invoice, LedgerEntry } from '#shared/schemas/rent'
import { RadioGroup } from '../ui/field.tsx'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

// A tenant leaving a plot while their invoice for it still owes (issue 43): the committee says
// whether it stands, comes down to the months held, or is written off; the server does it in the
// ledger with the leaving. Read under the same key as the plot's invoice history.

/** The plot's invoices still owing, of its latest year, by who pays them. */
export function useOpenInvoices(plotId: string): ReadonlyMap<string, Invoice> {
  const { data } = useQuery({
    queryKey: [...queryKeys.rent, 'plot', plotId],
    queryFn: () =>
      api<{ invoices: Invoice[]; entries: LedgerEntry[] }>(
        `/api/plots/${encodeURIComponent(plotId)}/invoices`,
      ),
  })
  const invoices = data?.invoices ?? []
  const latest = Math.max(0, ...invoices.map((invoice) => invoice.yearId))
  return new Map(
    invoices
      .filter((i) => i.yearId === latest && i.outstanding > 0 && !i.cancelled)
      .map((invoice) => [invoice.payerId, invoice]),
  )
}

const OPTIONS = LEAVING_CHOICES.map((value) => ({
  value,
  label: partYearMessages.leavingChoices[value],
}))

export function LeaverInvoice({
  invoice,
  name,
  busy,
  onDecide,
  onCancel,
}: {
  invoice: Invoice
  name: string
  busy: boolean
  onDecide: (choice: LeavingChoice) => void
  onCancel: () => void
}) {
  const [choice, setChoice] = useState<LeavingChoice>('reduce')
  const form = useRef<HTMLFormElement>(null)
  // The question appears above the lists: the keyboard and a screen reader go to it.
  useEffect(() => form.current?.querySelector('input')?.focus(), [])
  return (
    <form
      ref={form}
      className="card leaver-invoice"
      aria-label={`Remove ${name}`}
      onSubmit={(event) => {
        event.preventDefault()
        onDecide(choice)
      }}
    >
      <RadioGroup
        legend={partYearMessages.leavingQuestion(invoice.number)}
        name="invoice"
        options={OPTIONS}
        value={choice}
        onChange={setChoice}
        disabled={busy}
      >
        <p>
          {partYearMessages.leaverOwes(
            name,
            penceText(invoice.outstanding),
            penceText(invoice.amount),
          )}
        </p>
      </RadioGroup>
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          Remove {name}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
