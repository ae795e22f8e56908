import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { LeavingChoice } from '#shared/domain/part-year'
import { refuse, type Refusal } from '#shared/domain/outcome'
import {
  checkEndDate,
  TENANCY_END_REASONS,
  type TenancyEndReason,
} from '#shared/domain/tenancy-end'
import { tenancyEndMessages as words } from '#shared/messages/tenancy-end'
import { KeysStillHeld } from '#client/components/keys/person-keys.tsx'
import { LeaverInvoice, useOpenInvoices } from '#client/components/rent/leaver-invoice.tsx'
import { RadioGroup, TextField } from '#client/components/ui/field.tsx'
import {
  endingFormQuery,
  endTenancy,
  removeTenant,
  type TenancyEnded,
} from '#client/components/tenancy/tenancy-api.ts'

// What ending a tenancy asks (issue 44): the day (London's today unless it ended earlier, not
// before it began), why, and, when the leaver's invoice for the plot still owes, what happens to
// it (issue 43). The plot's tenants screen may also take off a tenant added by mistake, which
// records no end. The server checks the same rules on fresh rows.

type Reason = TenancyEndReason | 'mistake'

interface Draft {
  /** '' until changed: London's today, from the server. */
  endedOn: string
  reason: Reason | ''
  invoice: LeavingChoice
}

/** The ending of one tenancy being asked: its answers so far, their check, and the change. */
export function useEnding(plotId: string, personId: string) {
  const form = useQuery(endingFormQuery(plotId, personId))
  const open = useOpenInvoices(plotId)
  const owing = open?.get(personId)
  const [draft, setDraft] = useState<Draft>({ endedOn: '', reason: '', invoice: 'reduce' })
  const endedOn = draft.endedOn || form.data?.today || ''
  const invoice = owing ? draft.invoice : undefined

  /** Why the answers cannot be sent yet, if they cannot. */
  function refusal(): Refusal | undefined {
    if (!draft.reason) return refuse(words.reasonRequired, 'reason')
    // Sent before the invoices are read, the leaver's invoice would stand unasked.
    if (!open) return refuse(words.invoicesUnread)
    if (draft.reason === 'mistake' || !form.data) return undefined
    const outcome = checkEndDate(endedOn, form.data.beganOn, form.data.today)
    return outcome.ok ? undefined : outcome
  }

  function send(): Promise<TenancyEnded> {
    const { reason } = draft
    if (reason === 'mistake') return removeTenant(plotId, personId, invoice)
    return endTenancy(plotId, personId, {
      endedOn,
      reason: reason as TenancyEndReason,
      ...(invoice ? { invoice } : {}),
    })
  }

  const change = (values: Partial<Draft>) => setDraft((current) => ({ ...current, ...values }))
  return { form, owing, draft: { ...draft, endedOn }, change, refusal, send, personId }
}

export type Ending = ReturnType<typeof useEnding>

const REASONS = TENANCY_END_REASONS.map((value) => ({ value, label: words.reasons[value] }))

export function EndingFields({
  ending,
  name,
  allowMistake = false,
  disabled,
  refused,
}: {
  ending: Ending
  name: string
  /** On the plot's tenants screen: a tenant added in error may be taken off with no record. */
  allowMistake?: boolean
  disabled: boolean
  /** The field a refusal named, shown beside it. */
  refused?: Refusal
}) {
  const { form, owing, draft, change, personId } = ending
  const other = form.data?.otherPlots ?? []
  const options: ReadonlyArray<{ value: Reason; label: string }> = allowMistake
    ? [...REASONS, { value: 'mistake', label: words.mistake }]
    : REASONS
  return (
    <>
      <RadioGroup
        legend={words.reasonLegend}
        name="reason"
        options={options}
        value={draft.reason as Reason}
        onChange={(reason) => change({ reason })}
        disabled={disabled}
      />
      {draft.reason === 'died' ? (
        <p className="ending__note">
          {words.diedNote}
          {other.length > 0
            ? ` ${words.otherPlots(name, other.map((plot) => `plot ${plot}`).join(' and '))}`
            : null}
        </p>
      ) : null}
      {draft.reason === 'mistake' ? null : (
        <TextField
          label={words.endedOnLabel}
          type="date"
          name="endedOn"
          value={draft.endedOn}
          min={form.data?.beganOn}
          max={form.data?.today}
          required
          disabled={disabled || !form.data}
          onChange={(event) => change({ endedOn: event.target.value })}
          hint={words.endedOnHint}
          error={refused?.field === 'endedOn' ? refused.message : undefined}
        />
      )}
      {draft.reason === 'mistake' ? null : <KeysStillHeld personId={personId} name={name} />}
      {owing ? (
        <LeaverInvoice
          invoice={owing}
          name={name}
          choice={draft.invoice}
          onChoose={(invoice) => change({ invoice })}
          disabled={disabled}
        />
      ) : null}
    </>
  )
}
