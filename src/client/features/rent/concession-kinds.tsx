import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { termsText, USUAL_CONCESSION_KINDS } from '#shared/domain/concessions'
import { parsePounds } from '#shared/domain/money'
import { concessionMessages as words } from '#shared/messages/concessions'
import type { ConcessionKindInput } from '#shared/schemas/concessions'
import { Alert } from '../../components/ui/alert.tsx'
import { RadioGroup, TextField } from '../../components/ui/field.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { api, errorMessage } from '../../lib/api.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { concessionKindsQuery } from '#client/components/rent/concessions-api.ts'

// The kinds of concession (issue 47, decision 57): the administrator's, for the whole
// organisation. An association with none is offered the four councils publish.

const addKind = (kind: ConcessionKindInput) =>
  api<unknown>('/api/rent/concession-kinds', { method: 'POST', json: kind })

const BLANK = { name: '', by: 'percent', amount: '', appliesTo: 'rent' }

export function ConcessionKinds() {
  const kinds = useQuery(concessionKindsQuery())
  const form = useFormValues(BLANK)
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const adding = useChange({
    mutationFn: async (list: readonly ConcessionKindInput[]) => {
      for (const kind of list) await addKind(kind)
    },
    invalidates: [queryKeys.rent],
    onError: (failure) => setError(errorMessage(failure)),
  })

  function kindOf(): ConcessionKindInput | string {
    const name = form.values.name.trim()
    if (!name) return words.kindNameRequired
    const appliesTo = form.values.appliesTo === 'rentAndExtras' ? 'rentAndExtras' : 'rent'
    if (form.values.by === 'percent') {
      const percent = Number(form.values.amount)
      if (!Number.isInteger(percent) || percent < 1 || percent > 100) return words.percentRange
      return { name, percent, fixedPence: null, appliesTo }
    }
    const pence = parsePounds(form.values.amount)
    if (!pence.ok) return pence.message
    return { name, percent: null, fixedPence: pence.value, appliesTo }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setNotice('')
    const kind = kindOf()
    if (typeof kind === 'string') return setError(kind)
    setError('')
    adding.mutate([kind], {
      onSuccess: () => {
        form.reset(BLANK)
        setNotice(words.kindAdded(kind.name))
      },
    })
  }

  return (
    <section className="card rent__section" aria-labelledby="concession-kinds-heading">
      <h2 id="concession-kinds-heading">{words.kindsHeading}</h2>
      <Alert>{error}</Alert>
      <Alert tone="success">{notice}</Alert>
      <QueryState query={kinds}>
        {(list) =>
          list.length === 0 ? (
            <>
              <p>{words.noKinds}</p>
              <div className="button-row">
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={adding.isPending}
                  onClick={() =>
                    adding.mutate(USUAL_CONCESSION_KINDS, {
                      onSuccess: () => setNotice(words.usualAdded),
                    })
                  }
                >
                  {words.addUsualKinds}
                </button>
              </div>
            </>
          ) : (
            <ul className="person-messages">
              {list.map((kind) => (
                <li key={kind.id}>
                  <strong>{kind.name}</strong>: {termsText(kind)}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <form className="form" onSubmit={submit} noValidate aria-labelledby="add-kind-heading">
        <h3 id="add-kind-heading">{words.addKind}</h3>
        <TextField
          label={words.kindNameLabel}
          autoComplete="off"
          required
          maxLength={60}
          {...form.text('name')}
        />
        <RadioGroup
          legend={words.reductionLegend}
          name="concession-by"
          options={[
            { value: 'percent', label: words.byPercent },
            { value: 'fixed', label: words.byFixed },
          ]}
          value={form.values.by}
          onChange={(by) => form.change({ by })}
        />
        <TextField
          label={form.values.by === 'percent' ? words.percentLabel : words.fixedLabel}
          inputMode={form.values.by === 'percent' ? 'numeric' : 'decimal'}
          autoComplete="off"
          required
          {...form.text('amount')}
        />
        <RadioGroup
          legend={words.appliesLegend}
          name="concession-applies"
          options={[
            { value: 'rent', label: words.appliesTo.rent },
            { value: 'rentAndExtras', label: words.appliesTo.rentAndExtras },
          ]}
          value={form.values.appliesTo}
          onChange={(appliesTo) => form.change({ appliesTo })}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={adding.isPending}>
            {words.addKind}
          </button>
        </div>
      </form>
    </section>
  )
}
