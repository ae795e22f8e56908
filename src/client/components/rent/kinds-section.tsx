import { useState, type FormEvent, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { Alert } from '../ui/alert.tsx'
import { QueryState } from '../ui/query-state.tsx'
import { errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'

// The administrator's kinds of something the rent settings keep (concessions, deposits): those
// kept, "Add the usual kinds" for an association with none, and a form to add one, whose own
// fields each kind brings.

export interface KindWords {
  kindsHeading: string
  noKinds: string
  addUsualKinds: string
  usualAdded: string
  addKind: string
  kindAdded: (name: string) => string
}

export function KindsSection<
  Kind extends { id: number; name: string },
  Input extends { name: string },
>({
  id,
  words,
  kinds,
  add,
  usual,
  describe,
  readKind,
  onAdded,
  children,
}: {
  /** Names the section's headings. */
  id: string
  words: KindWords
  kinds: UseQueryResult<Kind[]>
  add: (kind: Input) => Promise<unknown>
  usual: readonly Input[]
  /** What a kind kept is, after its name ("25% off the rent", "£55.00"). */
  describe: (kind: Kind) => string
  /** The kind the form's fields give, or what is wrong with them. */
  readKind: () => Input | string
  onAdded: () => void
  /** The form's fields. */
  children: ReactNode
}) {
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const adding = useChange({
    mutationFn: async (list: readonly Input[]) => {
      for (const kind of list) await add(kind)
    },
    invalidates: [queryKeys.rent],
    onError: (failure) => setError(errorMessage(failure)),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    setNotice('')
    const kind = readKind()
    if (typeof kind === 'string') return setError(kind)
    setError('')
    adding.mutate([kind], {
      onSuccess: () => {
        onAdded()
        setNotice(words.kindAdded(kind.name))
      },
    })
  }

  return (
    <section className="card rent__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{words.kindsHeading}</h2>
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
                    adding.mutate(usual, { onSuccess: () => setNotice(words.usualAdded) })
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
                  <strong>{kind.name}</strong>: {describe(kind)}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <form className="form" onSubmit={submit} noValidate aria-labelledby={`${id}-add`}>
        <h3 id={`${id}-add`}>{words.addKind}</h3>
        {children}
        <div className="button-row">
          <button type="submit" className="button" disabled={adding.isPending}>
            {words.addKind}
          </button>
        </div>
      </form>
    </section>
  )
}
