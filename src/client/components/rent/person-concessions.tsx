import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { longDate, londonDate } from '#shared/domain/dates'
import { termsText } from '#shared/domain/concessions'
import { concessionMessages as words } from '#shared/messages/concessions'
import type { ConcessionGrant } from '#shared/schemas/concessions'
import { usePlotNames } from '../sites/plot-names.ts'
import { Alert } from '../ui/alert.tsx'
import { SelectField, TextField } from '../ui/field.tsx'
import { QueryState } from '../ui/query-state.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import {
  concessionKindsQuery,
  endConcession,
  grantConcession,
  personConcessionsQuery,
} from './concessions-api.ts'

// A person's concessions on their page (issue 47, decision 57): each kind given, with the
// evidence seen, by whom and until when; a new one given, or one ended. Invoices made while one
// is in force take it off by themselves.

export function PersonConcessions({
  personId,
  plots,
}: {
  personId: string
  /** The plots they hold: a concession may be given for one of them only. */
  plots: readonly string[]
}) {
  const grants = useQuery(personConcessionsQuery(personId))
  const [notice, setNotice] = useState('')
  return (
    <section className="card" aria-labelledby="concessions-heading">
      <h3 id="concessions-heading">{words.heading}</h3>
      <Alert tone="success">{notice}</Alert>
      <QueryState query={grants}>
        {(list) =>
          list.length === 0 ? (
            <p>{words.noGrants}</p>
          ) : (
            <ul className="person-messages">
              {list.map((grant) => (
                <GrantRow key={grant.id} grant={grant} onEnded={() => setNotice(words.ended)} />
              ))}
            </ul>
          )
        }
      </QueryState>
      <GrantForm personId={personId} plots={plots} onGranted={() => setNotice(words.granted)} />
    </section>
  )
}

function GrantRow({ grant, onEnded }: { grant: ConcessionGrant; onEnded: () => void }) {
  const today = londonDate(new Date())
  const [endsOn, setEndsOn] = useState(today < grant.startsOn ? grant.startsOn : today)
  const [error, setError] = useState('')
  const ending = useChange({
    mutationFn: () => endConcession(grant.id, { endsOn, version: grant.version }),
    invalidates: [queryKeys.rent],
    onSuccess: onEnded,
    onError: (failure) => setError(errorMessage(failure)),
  })
  const open = grant.endsOn === null || grant.endsOn >= today
  function submit(event: FormEvent) {
    event.preventDefault()
    setError('')
    ending.mutate()
  }
  return (
    <li>
      <strong>{grant.kindName}</strong>
      {grant.plotName === null ? '' : ` (${words.forPlot(grant.plotName)})`}: {grant.terms}, from{' '}
      {longDate(grant.startsOn)}, {words.untilText(grant.endsOn)}
      <br />
      {words.grantedByText(grant.grantedBy, grant.evidence)}
      {open ? (
        <form className="form" onSubmit={submit} noValidate>
          <Alert>{error}</Alert>
          <TextField
            label={words.endOnLabel}
            type="date"
            required
            min={grant.startsOn}
            value={endsOn}
            onChange={(event) => setEndsOn(event.target.value)}
          />
          <div className="button-row">
            <button type="submit" className="button button--quiet" disabled={ending.isPending}>
              {words.endConcession}
            </button>
          </div>
        </form>
      ) : null}
    </li>
  )
}

function GrantForm({
  personId,
  plots,
  onGranted,
}: {
  personId: string
  plots: readonly string[]
  onGranted: () => void
}) {
  const kinds = useQuery(concessionKindsQuery())
  const plotNames = usePlotNames()
  const blank = () => ({
    kindId: '',
    evidence: '',
    startsOn: londonDate(new Date()),
    endsOn: '',
    plotId: '',
  })
  const form = useFormValues(blank)
  const [error, setError] = useState('')
  const granting = useChange({
    mutationFn: () =>
      grantConcession(personId, {
        kindId: Number(form.values.kindId),
        evidence: form.values.evidence,
        startsOn: form.values.startsOn,
        endsOn: form.values.endsOn || null,
        plotId: form.values.plotId || null,
      }),
    invalidates: [queryKeys.rent],
    onSuccess: () => {
      form.reset(blank())
      onGranted()
    },
    onError: (failure) => setError(errorMessage(failure)),
  })
  function submit(event: FormEvent) {
    event.preventDefault()
    setError('')
    if (!form.values.kindId) return setError(words.kindRequired)
    if (!form.values.evidence.trim()) return setError(words.evidenceRequired)
    granting.mutate()
  }
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="grant-heading">
      <h4 id="grant-heading">{words.grantConcession}</h4>
      <Alert>{error}</Alert>
      <SelectField label={words.kindLabel} required {...form.text('kindId')}>
        <option value="">{words.chooseKind}</option>
        {(kinds.data ?? []).map((kind) => (
          <option key={kind.id} value={String(kind.id)}>
            {kind.name}: {termsText(kind)}
          </option>
        ))}
      </SelectField>
      {plots.length > 0 ? (
        <SelectField label={words.forLabel} {...form.text('plotId')}>
          <option value="">{words.allTheirPlots}</option>
          {plots.map((plot) => (
            <option key={plot} value={plot}>
              {words.forPlot(plotNames.ofKey(plot))}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField
        label={words.evidenceLabel}
        autoComplete="off"
        required
        maxLength={500}
        {...form.text('evidence')}
      />
      <TextField label={words.startsOnLabel} type="date" required {...form.text('startsOn')} />
      <TextField
        label={words.endsOnLabel}
        type="date"
        min={form.values.startsOn}
        {...form.text('endsOn')}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={granting.isPending}>
          {words.grantConcession}
        </button>
      </div>
    </form>
  )
}
