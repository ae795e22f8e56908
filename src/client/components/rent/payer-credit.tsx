import { useState, type FormEvent } from 'react'
import { parsePounds, penceInput, penceText } from '#shared/domain/money'
import { rentMessages } from '#shared/messages/rent'
import type { CreditRefund, InvoiceStatement } from '#shared/schemas/rent'
import { Alert } from '../ui/alert.tsx'
import { TextField } from '../ui/field.tsx'
import { Spinner } from '../ui/spinner.tsx'
import { api, errorMessage } from '../../lib/api.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useRequestId } from '../../lib/request-id.ts'
import { useChange } from '../../lib/use-change.ts'
import './payer-credit.css'

// A payer's credit on their page (decision 33): what they paid beyond their invoices, and the two
// things the committee may do with it, both dated today and kept in the ledger: use it on their
// invoices that owe (a year's start does so by itself), or give it back.

const creditUrl = (personId: string, action: 'use' | 'refund') =>
  `/api/people/${encodeURIComponent(personId)}/credit/${action}`

export function PayerCredit({ personId, credit }: { personId: string; credit: number }) {
  const form = useFormValues(() => ({ amount: penceInput(credit), reference: '' }))
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const useRequest = useRequestId()
  const refundRequest = useRequestId()
  const use = useChange({
    mutationFn: () =>
      api<InvoiceStatement>(creditUrl(personId, 'use'), {
        method: 'POST',
        json: { requestId: useRequest.id },
      }),
    invalidates: [queryKeys.rent],
  })
  const refund = useChange({
    mutationFn: (input: CreditRefund) =>
      api<InvoiceStatement>(creditUrl(personId, 'refund'), { method: 'POST', json: input }),
    invalidates: [queryKeys.rent],
  })
  const pending = use.isPending || refund.isPending
  if (credit === 0 && !notice) return null

  async function spendCredit() {
    setError('')
    try {
      const after = await use.mutateAsync(undefined)
      useRequest.succeeded()
      setNotice(rentMessages.creditUsed(penceText(credit - after.credit)))
    } catch (failure) {
      useRequest.failed(failure)
      setError(errorMessage(failure))
    }
  }

  async function giveBack(event: FormEvent) {
    event.preventDefault()
    const amount = parsePounds(form.values.amount)
    if (!amount.ok) return setError(amount.message)
    const reference = form.values.reference.trim()
    if (!reference) return setError(rentMessages.referenceRequired)
    setError('')
    try {
      await refund.mutateAsync({ amount: amount.value, reference, requestId: refundRequest.id })
      refundRequest.succeeded()
      form.reset({ amount: '', reference: '' })
      setNotice(rentMessages.entryRecorded('Refund'))
    } catch (failure) {
      refundRequest.failed(failure)
      setError(errorMessage(failure))
    }
  }

  return (
    <div className="payer-credit">
      {credit > 0 ? (
        <p>
          <strong>{rentMessages.inCredit(penceText(credit))}</strong>
        </p>
      ) : null}
      <Alert>{error}</Alert>
      <Alert tone="success">{notice}</Alert>
      {credit > 0 ? (
        <>
          <div className="button-row">
            <button
              type="button"
              className="button button--quiet"
              disabled={pending}
              onClick={() => void spendCredit()}
            >
              Use the credit on invoices that owe
            </button>
          </div>
          <form className="form" onSubmit={(event) => void giveBack(event)} noValidate>
            <TextField
              label="Refund (£)"
              inputMode="decimal"
              autoComplete="off"
              required
              {...form.text('amount')}
            />
            <TextField
              label="Reference of the refund"
              autoComplete="off"
              required
              maxLength={200}
              {...form.text('reference')}
            />
            <div className="button-row">
              <button type="submit" className="button button--quiet" disabled={pending}>
                Refund credit
              </button>
              {pending ? <Spinner label="Saving" /> : null}
            </div>
          </form>
        </>
      ) : null}
    </div>
  )
}
