import { useState } from 'react'
import { partYearMessages } from '#shared/messages/part-year'
import { Alert } from '../ui/alert.tsx'
import { api, errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'

// "Raise an invoice" (issue 43): the plot's payer, for the rest of the rent year under way; the
// server says when there is no year, or the plot's tenants have this year's invoice already.
export function RaiseInvoice({ plotId }: { plotId: string }) {
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const { mutate, isPending } = useChange({
    mutationFn: () =>
      api<{ id: number; number: number }>(`/api/plots/${encodeURIComponent(plotId)}/invoices`, {
        method: 'POST',
      }),
    invalidates: [queryKeys.rent, queryKeys.plots],
    onSuccess: ({ number }) => {
      setError('')
      setNotice(partYearMessages.invoiceRaised(number))
    },
    onError: (failure) => {
      setNotice('')
      setError(errorMessage(failure))
    },
  })
  return (
    <div className="raise-invoice">
      <Alert>{error}</Alert>
      <Alert tone="success">{notice}</Alert>
      <button
        type="button"
        className="button button--quiet"
        disabled={isPending}
        onClick={() => mutate()}
      >
        {partYearMessages.raiseInvoice}
      </button>
    </div>
  )
}
