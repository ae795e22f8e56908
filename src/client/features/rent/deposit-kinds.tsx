import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { USUAL_DEPOSIT_KINDS } from '#shared/domain/deposits'
import { parsePounds, penceText } from '#shared/domain/money'
import { depositMessages as words } from '#shared/messages/deposits'
import type { DepositKindInput } from '#shared/schemas/deposits'
import { Alert } from '../../components/ui/alert.tsx'
import { TextField } from '../../components/ui/field.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { addDepositKind, depositKindsQuery } from '#client/components/rent/deposits-api.ts'

// The kinds of deposit (issue 47, decision 58): the administrator's, for the whole organisation,
// each with the amount taken unless another is given. One with none is offered a key and a plot.

const BLANK = { name: '', amount: '' }

export function DepositKinds() {
  const kinds = useQuery(depositKindsQuery())
  const form = useFormValues(BLANK)
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const adding = useChange({
    mutationFn: async (list: readonly DepositKindInput[]) => {
      for (const kind of list) await addDepositKind(kind)
    },
    invalidates: [queryKeys.rent],
    onError: (failure) => setError(errorMessage(failure)),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    setNotice('')
    const name = form.values.name.trim()
    if (!name) return setError(words.kindNameRequired)
    const amount = parsePounds(form.values.amount)
    if (!amount.ok) return setError(amount.message)
    setError('')
    adding.mutate([{ name, amount: amount.value }], {
      onSuccess: () => {
        form.reset(BLANK)
        setNotice(words.kindAdded(name))
      },
    })
  }

  return (
    <section className="card rent__section" aria-labelledby="deposit-kinds-heading">
      <h2 id="deposit-kinds-heading">{words.kindsHeading}</h2>
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
                    adding.mutate(USUAL_DEPOSIT_KINDS, {
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
                  <strong>{kind.name}</strong>: {penceText(kind.amount)}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <form className="form" onSubmit={submit} noValidate aria-labelledby="add-deposit-kind">
        <h3 id="add-deposit-kind">{words.addKind}</h3>
        <TextField
          label={words.kindNameLabel}
          autoComplete="off"
          required
          maxLength={60}
          {...form.text('name')}
        />
        <TextField
          label={words.kindAmountLabel}
          inputMode="decimal"
          autoComplete="off"
          required
          {...form.text('amount')}
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
