import { useQuery } from '@tanstack/react-query'
import { LEAVING_CHOICES, type LeavingChoice } from '#shared/domain/part-year'
import { penceText } from '#shared/domain/money'
import { partYearMessages } from '#shared/messages/part-year'
import type { Invoice, LedgerEntry } from '#shared/schemas/rent'
import { RadioGroup } from '#client/components/ui/field.tsx'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

// A tenant leaving a plot while their invoice for it still owes (issue 43): the committee says
// whether it stands, comes down to the months held, or is written off; the server does it in the
// ledger with the leaving. Read under the same key as the plot's invoice history.

/** The plot's invoices still owing, of its latest year, by who pays them; undefined until read. */
export function useOpenInvoices(plotId: string): ReadonlyMap<string, Invoice> | undefined {
  const { data } = useQuery({
    queryKey: [...queryKeys.rent, 'plot', plotId],
    queryFn: () =>
      api<{ invoices: Invoice[]; entries: LedgerEntry[] }>(
        `/api/plots/${encodeURIComponent(plotId)}/invoices`,
      ),
  })
  if (!data) return undefined
  const { invoices } = data
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

/** The question about the leaver's invoice, within the form that takes them off the plot. */
export function LeaverInvoice({
  invoice,
  name,
  choice,
  onChoose,
  disabled,
}: {
  invoice: Invoice
  name: string
  choice: LeavingChoice
  onChoose: (choice: LeavingChoice) => void
  disabled: boolean
}) {
  return (
    <RadioGroup
      legend={partYearMessages.leavingQuestion(invoice.number)}
      name="invoice"
      options={OPTIONS}
      value={choice}
      onChange={onChoose}
      disabled={disabled}
    >
      <p>
        {partYearMessages.leaverOwes(
          name,
          penceText(invoice.outstanding),
          penceText(invoice.amount),
        )}
      </p>
    </RadioGroup>
  )
}
