import { useState, type FormEvent, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { londonDate } from '#shared/domain/dates'
import { fullName } from '#shared/domain/message-copies'
import { parsePounds, penceInput, penceText } from '#shared/domain/money'
import { PAYMENT_METHODS, type PaymentMethod } from '#shared/domain/rent'
import { depositMessages } from '#shared/messages/deposits'
import { invoiceMessages } from '#shared/messages/invoices'
import { keyMessages as words } from '#shared/messages/keys'
import type { Key } from '#shared/schemas/keys'
import {
  handOverKey,
  holderPlotsQuery,
  keyChanges,
  loseKey,
  returnKey,
} from '../../components/keys/keys-api.ts'
import { depositKindsQuery } from '../../components/rent/deposits-api.ts'
import { usePlotNames } from '../../components/sites/plot-names.ts'
import { tenantNamesQuery } from '../../components/tenancy/tenancy-api.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { CheckboxField, SelectField, TextField } from '../../components/ui/field.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { useChange } from '../../lib/use-change.ts'

// The three changes of a key held or not (decision 64), each against the version read: handed
// over (with a deposit of decision 58 or none), returned (its deposit given back), lost (its
// deposit kept, or a charge).

const methods = invoiceMessages.paymentMethod
const today = () => londonDate(new Date())

interface FormProps {
  keyRecord: Key
  onDone: () => void
  onCancel: () => void
}

function KeyForm({
  label,
  error,
  pending,
  submitText,
  onSubmit,
  onCancel,
  children,
}: {
  label: string
  error: string
  pending: boolean
  submitText: string
  onSubmit: () => void
  onCancel: () => void
  children: ReactNode
}) {
  return (
    <form
      className="form"
      noValidate
      aria-label={label}
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <Alert>{error}</Alert>
      {children}
      <div className="button-row">
        <button type="submit" className="button" disabled={pending}>
          {submitText}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          {words.cancel}
        </button>
      </div>
    </form>
  )
}

type Binding = {
  name: string
  value: string
  onChange: (event: { target: { value: string } }) => void
}

function MethodField({ label, bind }: { label: string; bind: Binding }) {
  return (
    <SelectField label={label} {...bind}>
      {PAYMENT_METHODS.map((method) => (
        <option key={method} value={method}>
          {methods[method]}
        </option>
      ))}
    </SelectField>
  )
}
export function HandOverForm({ keyRecord: key, onDone, onCancel }: FormProps) {
  const tenants = useQuery(tenantNamesQuery).data ?? []
  const kinds = useQuery(depositKindsQuery()).data ?? []
  const plotNames = usePlotNames()
  const form = useFormValues({
    personId: '',
    date: today(),
    withDeposit: false,
    kindId: '',
    plotId: '',
    amount: '',
    method: 'cash',
  })
  const plots = useQuery(holderPlotsQuery(form.values.personId)).data ?? []
  const [error, setError] = useState('')
  const handing = useChange({
    mutationFn: (amount: number | undefined) =>
      handOverKey(key.id, {
        version: key.version,
        personId: form.values.personId,
        date: form.values.date,
        ...(form.values.withDeposit
          ? {
              deposit: {
                kindId: Number(form.values.kindId),
                plotId: form.values.plotId || plots[0] || '',
                method: form.values.method as PaymentMethod,
                ...(amount ? { amount } : {}),
              },
            }
          : {}),
      }),
    invalidates: keyChanges,
    onSuccess: onDone,
    onError: (failure) => setError(errorMessage(failure)),
  })
  function submit() {
    setError('')
    if (!form.values.personId) return setError(words.personRequired)
    if (!form.values.withDeposit) return handing.mutate(undefined)
    if (!form.values.kindId) return setError(depositMessages.kindRequired)
    if (!(form.values.plotId || plots[0])) return setError(depositMessages.plotRequired)
    const amount = parsePounds(form.values.amount)
    if (!amount.ok) return setError(amount.message)
    handing.mutate(amount.value)
  }
  function chooseKind(kindId: string) {
    const kind = kinds.find((k) => String(k.id) === kindId)
    form.change({ kindId, amount: kind ? penceInput(kind.amount) : form.values.amount })
  }
  return (
    <KeyForm
      label={words.handOverHeading(key.number)}
      error={error}
      pending={handing.isPending}
      submitText={words.handOver}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <SelectField label={words.personLabel} required {...form.text('personId')}>
        <option value="">{words.choosePerson}</option>
        {tenants.map((tenant) => (
          <option key={tenant.id} value={tenant.id}>
            {fullName(tenant)}
          </option>
        ))}
      </SelectField>
      <TextField label={words.handedOnLabel} type="date" required {...form.text('date')} />
      <CheckboxField
        label={words.withDeposit}
        checked={form.values.withDeposit}
        onChange={(event) => form.change({ withDeposit: event.target.checked })}
      />
      {form.values.withDeposit ? (
        <>
          <SelectField
            label={depositMessages.kindLabel}
            required
            value={form.values.kindId}
            onChange={(event) => chooseKind(event.target.value)}
          >
            <option value="">{depositMessages.chooseKind}</option>
            {kinds.map((kind) => (
              <option key={kind.id} value={String(kind.id)}>
                {kind.name}: {penceText(kind.amount)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={depositMessages.plotLabel}
            required
            value={form.values.plotId || plots[0] || ''}
            onChange={(event) => form.change({ plotId: event.target.value })}
          >
            {plots.length !== 1 ? <option value="">{depositMessages.choosePlot}</option> : null}
            {plots.map((plot) => (
              <option key={plot} value={plot}>
                {plotNames.ofKey(plot)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={depositMessages.amountLabel}
            inputMode="decimal"
            autoComplete="off"
            required
            {...form.text('amount')}
          />
          <MethodField label={depositMessages.methodLabel} bind={form.text('method')} />
        </>
      ) : null}
    </KeyForm>
  )
}

export function ReturnForm({ keyRecord: key, onDone, onCancel }: FormProps) {
  const deposit = key.holding?.deposit
  const held = deposit && deposit.held > 0 ? deposit.held : 0
  const form = useFormValues({
    date: today(),
    refund: held ? penceInput(held) : '',
    method: 'cash',
  })
  const [error, setError] = useState('')
  const returning = useChange({
    mutationFn: (refund: number) =>
      returnKey(key.id, {
        version: key.version,
        date: form.values.date,
        ...(refund > 0
          ? { refund: { amount: refund, method: form.values.method as PaymentMethod } }
          : {}),
      }),
    invalidates: keyChanges,
    onSuccess: onDone,
    onError: (failure) => setError(errorMessage(failure)),
  })
  function submit() {
    setError('')
    if (!held || !form.values.refund.trim()) return returning.mutate(0)
    const refund = parsePounds(form.values.refund)
    if (!refund.ok) return setError(refund.message)
    returning.mutate(refund.value)
  }
  return (
    <KeyForm
      label={words.returnHeading(key.number)}
      error={error}
      pending={returning.isPending}
      submitText={words.returnKey}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField label={words.returnedOnLabel} type="date" required {...form.text('date')} />
      {held ? (
        <>
          <TextField
            label={words.refundLabel}
            inputMode="decimal"
            autoComplete="off"
            {...form.text('refund')}
          />
          <MethodField label={words.refundMethodLabel} bind={form.text('method')} />
        </>
      ) : null}
    </KeyForm>
  )
}

export function LostForm({ keyRecord: key, onDone, onCancel }: FormProps) {
  const deposit = key.holding?.deposit
  const held = deposit && deposit.held > 0 ? deposit.held : 0
  const form = useFormValues({
    date: today(),
    kept: held ? penceInput(held) : '',
    charge: '',
    note: '',
  })
  const [error, setError] = useState('')
  const losing = useChange({
    mutationFn: ({ kept, charge }: { kept: number; charge: number }) =>
      loseKey(key.id, {
        version: key.version,
        date: form.values.date,
        note: form.values.note,
        ...(kept > 0 ? { kept } : {}),
        ...(charge > 0 ? { charge } : {}),
      }),
    invalidates: keyChanges,
    onSuccess: onDone,
    onError: (failure) => setError(errorMessage(failure)),
  })
  function pounds(text: string): number | string {
    if (!text.trim()) return 0
    const amount = parsePounds(text)
    return amount.ok ? amount.value : amount.message
  }
  function submit() {
    setError('')
    const kept = held ? pounds(form.values.kept) : 0
    const charge = pounds(form.values.charge)
    if (typeof kept === 'string') return setError(kept)
    if (typeof charge === 'string') return setError(charge)
    losing.mutate({ kept, charge })
  }
  return (
    <KeyForm
      label={words.lostHeading(key.number)}
      error={error}
      pending={losing.isPending}
      submitText={words.loseKey}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField label={words.lostOnLabel} type="date" required {...form.text('date')} />
      {held ? (
        <TextField
          label={words.keptLabel}
          inputMode="decimal"
          autoComplete="off"
          {...form.text('kept')}
        />
      ) : null}
      <TextField
        label={words.chargeLabel}
        inputMode="decimal"
        autoComplete="off"
        {...form.text('charge')}
      />
      <TextField
        label={words.noteLabel}
        autoComplete="off"
        maxLength={200}
        {...form.text('note')}
      />
    </KeyForm>
  )
}
