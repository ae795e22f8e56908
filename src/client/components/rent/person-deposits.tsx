import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { londonDate } from '#shared/domain/dates'
import { parsePounds, penceInput, penceText } from '#shared/domain/money'
import { PAYMENT_METHODS, type PaymentMethod } from '#shared/domain/rent'
import { depositMessages as words } from '#shared/messages/deposits'
import { invoiceMessages } from '#shared/messages/invoices'
import type { Deposit, DepositEntry } from '#shared/schemas/deposits'
import { Alert } from '../ui/alert.tsx'
import { SelectField, TextField } from '../ui/field.tsx'
import { QueryState } from '../ui/query-state.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { usePlotNames } from '#client/components/sites/plot-names.ts'
import {
  addDepositEntry,
  depositKindsQuery,
  personDepositsQuery,
  takeDeposit,
} from './deposits-api.ts'

// A person's deposits on their page (issue 47, decision 58): each taken, with what was returned
// and kept; one still held given back, in part or in full, or kept, with the reason (a former
// tenant's too); a new one taken for one of their plots. Never an invoice: money owed back.

const methodWords = invoiceMessages.paymentMethod

export function PersonDeposits({ personId, plots }: { personId: string; plots: string[] }) {
  const deposits = useQuery(personDepositsQuery(personId))
  const [notice, setNotice] = useState('')
  return (
    <section className="card" aria-labelledby="deposits-heading">
      <h3 id="deposits-heading">{words.heading}</h3>
      <Alert tone="success">{notice}</Alert>
      <QueryState query={deposits}>
        {(list) =>
          list.length === 0 ? (
            <p>{words.noDeposits}</p>
          ) : (
            <ul className="person-messages">
              {list.map((deposit) => (
                <DepositRow key={deposit.id} deposit={deposit} onSettled={setNotice} />
              ))}
            </ul>
          )
        }
      </QueryState>
      {plots.length === 0 ? (
        <p>{words.noPlots}</p>
      ) : (
        <TakeForm personId={personId} plots={plots} onTaken={() => setNotice(words.taken)} />
      )}
    </section>
  )
}

function entryText(entry: DepositEntry) {
  const amount = penceText(entry.amount)
  const how = entry.method ? methodWords[entry.method] : ''
  return entry.kind === 'kept'
    ? words.entryText.kept(amount, entry.date)
    : words.entryText[entry.kind](amount, entry.date, how)
}

function DepositRow({
  deposit,
  onSettled,
}: {
  deposit: Deposit
  onSettled: (notice: string) => void
}) {
  const plotNames = usePlotNames()
  const summary = words.summary(deposit.kindName, plotNames.ofRecord(deposit))
  return (
    <li>
      <strong>{summary}</strong>: {words.heldText(penceText(deposit.held))}
      <ul>
        {deposit.entries.map((entry) => (
          <li key={entry.id}>
            {entryText(entry)}. {words.entryBy(entry.reason, entry.createdBy)}
          </li>
        ))}
      </ul>
      {deposit.held > 0 ? (
        <SettleForm key={deposit.version} deposit={deposit} label={summary} onSettled={onSettled} />
      ) : null}
    </li>
  )
}

function SettleForm({
  deposit,
  label,
  onSettled,
}: {
  deposit: Deposit
  label: string
  onSettled: (notice: string) => void
}) {
  const form = useFormValues({
    date: londonDate(new Date()),
    amount: penceInput(deposit.held),
    method: 'cash',
    reason: '',
  })
  const [error, setError] = useState('')
  const settling = useChange({
    mutationFn: ({ kind, amount }: { kind: 'returned' | 'kept'; amount: number }) =>
      addDepositEntry(deposit.id, {
        kind,
        date: form.values.date,
        amount,
        method: kind === 'kept' ? null : (form.values.method as PaymentMethod),
        reason: form.values.reason,
        version: deposit.version,
      }),
    invalidates: [queryKeys.rent],
    onSuccess: (_, { kind }) =>
      onSettled(kind === 'kept' ? words.keptNotice : words.returnedNotice),
    onError: (failure) => setError(errorMessage(failure)),
  })
  function settle(kind: 'returned' | 'kept') {
    setError('')
    const amount = parsePounds(form.values.amount)
    if (!amount.ok) return setError(amount.message)
    if (!form.values.reason.trim()) return setError(words.reasonRequired)
    settling.mutate({ kind, amount: amount.value })
  }
  function submit(event: FormEvent) {
    event.preventDefault()
    settle('returned')
  }
  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={`${words.settleLegend}: ${label}`}
    >
      <Alert>{error}</Alert>
      <TextField label={words.entryDateLabel} type="date" required {...form.text('date')} />
      <TextField
        label={words.settleAmountLabel}
        inputMode="decimal"
        autoComplete="off"
        required
        {...form.text('amount')}
      />
      <SelectField label={words.paidBackLabel} {...form.text('method')}>
        {PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {methodWords[method]}
          </option>
        ))}
      </SelectField>
      <TextField
        label={words.reasonLabel}
        autoComplete="off"
        required
        maxLength={200}
        {...form.text('reason')}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={settling.isPending}>
          {words.returnDeposit}
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={settling.isPending}
          onClick={() => settle('kept')}
        >
          {words.keepDeposit}
        </button>
      </div>
    </form>
  )
}

function TakeForm({
  personId,
  plots,
  onTaken,
}: {
  personId: string
  plots: string[]
  onTaken: () => void
}) {
  const kinds = useQuery(depositKindsQuery())
  const plotNames = usePlotNames()
  const blank = () => ({
    kindId: '',
    plotId: plots.length === 1 ? plots[0]! : '',
    date: londonDate(new Date()),
    amount: '',
    method: 'cash',
  })
  const form = useFormValues(blank)
  const [error, setError] = useState('')
  const taking = useChange({
    mutationFn: (amount: number) =>
      takeDeposit(personId, {
        kindId: Number(form.values.kindId),
        plotId: form.values.plotId,
        date: form.values.date,
        amount,
        method: form.values.method as PaymentMethod,
      }),
    invalidates: [queryKeys.rent],
    onSuccess: () => {
      form.reset(blank())
      onTaken()
    },
    onError: (failure) => setError(errorMessage(failure)),
  })
  function chooseKind(kindId: string) {
    const kind = kinds.data?.find((k) => String(k.id) === kindId)
    form.change({ kindId, amount: kind ? penceInput(kind.amount) : form.values.amount })
  }
  function submit(event: FormEvent) {
    event.preventDefault()
    setError('')
    if (!form.values.kindId) return setError(words.kindRequired)
    if (!form.values.plotId) return setError(words.plotRequired)
    const amount = parsePounds(form.values.amount)
    if (!amount.ok) return setError(amount.message)
    taking.mutate(amount.value)
  }
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="take-deposit-heading">
      <h4 id="take-deposit-heading">{words.takeDeposit}</h4>
      <Alert>{error}</Alert>
      <SelectField
        label={words.kindLabel}
        required
        value={form.values.kindId}
        onChange={(event) => chooseKind(event.target.value)}
      >
        <option value="">{words.chooseKind}</option>
        {(kinds.data ?? []).map((kind) => (
          <option key={kind.id} value={String(kind.id)}>
            {kind.name}: {penceText(kind.amount)}
          </option>
        ))}
      </SelectField>
      <SelectField label={words.plotLabel} required {...form.text('plotId')}>
        {plots.length > 1 ? <option value="">{words.choosePlot}</option> : null}
        {plots.map((plot) => (
          <option key={plot} value={plot}>
            {plotNames.ofKey(plot)}
          </option>
        ))}
      </SelectField>
      <TextField label={words.takenOnLabel} type="date" required {...form.text('date')} />
      <TextField
        label={words.amountLabel}
        inputMode="decimal"
        autoComplete="off"
        required
        {...form.text('amount')}
      />
      <SelectField label={words.methodLabel} {...form.text('method')}>
        {PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {methodWords[method]}
          </option>
        ))}
      </SelectField>
      <div className="button-row">
        <button type="submit" className="button" disabled={taking.isPending}>
          {words.takeDeposit}
        </button>
      </div>
    </form>
  )
}
