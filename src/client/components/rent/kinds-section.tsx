import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { Alert } from '../ui/alert.tsx'
import { QueryState } from '../ui/query-state.tsx'
import { api, errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { kindMessages } from '#shared/messages/kinds'
import './kinds-section.css'

// The administrator's kinds of something the rent settings keep (concessions, deposits): those
// kept, each to be changed in the same form that adds one (its fields filled with the kind's
// terms, saved against the version read); "Add the usual kinds" for an association with none.
// The form's own fields each kind brings.

export interface KindWords {
  kindsHeading: string
  noKinds: string
  addUsualKinds: string
  usualAdded: string
  addKind: string
  kindAdded: (name: string) => string
  /** The form's heading while a kind is changed: unlike the other section's. */
  changeKind: (name: string) => string
  /** What a change does to what was made before it. */
  changeHint: string
}

export function KindsSection<
  Kind extends { id: number; name: string; version: number },
  Input extends { name: string },
>({
  id,
  path,
  words,
  kinds,
  usual,
  describe,
  readKind,
  fill,
  onSaved,
  children,
}: {
  /** Names the section's headings. */
  id: string
  /** The kinds' address in the API: a kind is added there, and changed at its id below it. */
  path: string
  words: KindWords
  kinds: UseQueryResult<Kind[]>
  usual: readonly Input[]
  /** What a kind kept is, after its name ("25% off the rent", "£55.00"). */
  describe: (kind: Kind) => string
  /** The kind the form's fields give, or what is wrong with them. */
  readKind: () => Input | string
  /** The form's fields set to a kind's terms, to change them. */
  fill: (kind: Kind) => void
  /** The form emptied, once a kind is added or changed (or the change is let go). */
  onSaved: () => void
  /** The form's fields. */
  children: ReactNode
}) {
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const [changing, setChanging] = useState<Kind | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const saving = useChange({
    mutationFn: async (save: { adding: readonly Input[] } | { changing: Kind; to: Input }) => {
      if ('changing' in save) {
        const { changing: kind, to } = save
        return api<unknown>(`${path}/${kind.id}`, {
          method: 'PUT',
          json: { ...to, version: kind.version },
        })
      }
      for (const input of save.adding) await api<unknown>(path, { method: 'POST', json: input })
    },
    invalidates: [queryKeys.rent],
    onError: (failure) => setError(errorMessage(failure)),
  })

  function startChanging(kind: Kind) {
    setError('')
    setNotice('')
    setChanging(kind)
    fill(kind)
    heading.current?.scrollIntoView({ block: 'start' })
    heading.current?.focus()
  }

  function stopChanging() {
    setChanging(null)
    setError('')
    onSaved()
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setNotice('')
    const input = readKind()
    if (typeof input === 'string') return setError(input)
    setError('')
    const kind = changing
    saving.mutate(kind ? { changing: kind, to: input } : { adding: [input] }, {
      onSuccess: () => {
        setChanging(null)
        onSaved()
        setNotice(kind ? kindMessages.kindChanged(input.name) : words.kindAdded(input.name))
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
                  disabled={saving.isPending}
                  onClick={() =>
                    saving.mutate(
                      { adding: usual },
                      { onSuccess: () => setNotice(words.usualAdded) },
                    )
                  }
                >
                  {words.addUsualKinds}
                </button>
              </div>
            </>
          ) : (
            <ul className="kinds-list">
              {list.map((kind) => (
                <li key={kind.id}>
                  <span>
                    <strong>{kind.name}</strong>: {describe(kind)}
                  </span>
                  <button
                    type="button"
                    className="button button--quiet"
                    onClick={() => startChanging(kind)}
                  >
                    {kindMessages.change}
                    <span className="visually-hidden"> {kind.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <form className="form" onSubmit={submit} noValidate aria-labelledby={`${id}-form`}>
        <h3 id={`${id}-form`} ref={heading} tabIndex={-1}>
          {changing ? words.changeKind(changing.name) : words.addKind}
        </h3>
        {changing && <p className="field__hint">{words.changeHint}</p>}
        {children}
        <div className="button-row">
          <button type="submit" className="button" disabled={saving.isPending}>
            {changing ? kindMessages.saveKind : words.addKind}
          </button>
          {changing && (
            <button type="button" className="button button--quiet" onClick={stopChanging}>
              {kindMessages.keepAsItWas}
            </button>
          )}
        </div>
      </form>
    </section>
  )
}
