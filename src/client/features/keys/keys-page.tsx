import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { KEY_KINDS, type KeyKind } from '#shared/domain/keys'
import { keyMessages as words } from '#shared/messages/keys'
import type { Key } from '#shared/schemas/keys'
import { addKey, keyChanges, siteKeysQuery } from '../../components/keys/keys-api.ts'
import { sitesQuery } from '../../components/sites/sites-query.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { SelectField, TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useFormValues } from '../../lib/form-values.ts'
import { useChange } from '../../lib/use-change.ts'
import { HandOverForm, LostForm, ReturnForm } from './key-forms.tsx'
import './keys.css'

// The committee's keys (issue 48, item 4, decision 64): each key of the sites their account
// reaches, who holds it since when, handed over, returned or lost; and a key added.

type Action = { keyId: number; form: 'handOver' | 'return' | 'lost' }

/**
 * What can be done with a key: its button's words and its name to a screen reader (which key),
 * the form it opens, and what the page says once it is done. A key held is returned or lost; a
 * key not held is handed over.
 */
const ACTIONS = {
  handOver: {
    label: words.handOver,
    named: words.handOverHeading,
    Form: HandOverForm,
    done: words.handedOver,
    quiet: false,
  },
  return: {
    label: words.returnKey,
    named: words.returnHeading,
    Form: ReturnForm,
    done: words.returned,
    quiet: false,
  },
  lost: {
    label: words.loseKey,
    named: words.lostHeading,
    Form: LostForm,
    done: words.lost,
    quiet: true,
  },
} as const satisfies Record<Action['form'], unknown>
const HELD_ACTIONS = ['return', 'lost'] as const
const FREE_ACTIONS = ['handOver'] as const

export function KeysPage() {
  const keys = useQuery(siteKeysQuery())
  const sites = useQuery(sitesQuery).data ?? []
  const siteName = new Map(sites.map((site) => [site.id, site.name]))
  const [open, setOpen] = useState<Action | null>(null)
  const [notice, setNotice] = useState('')
  const done = (text: string) => {
    setOpen(null)
    setNotice(text)
  }
  return (
    <section className="keys">
      <PageHeading>{words.heading}</PageHeading>
      <Alert tone="success">{notice}</Alert>
      <QueryState query={keys}>
        {(list) =>
          list.length === 0 ? (
            <p>{words.noKeys}</p>
          ) : (
            <ul className="keys__list">
              {list.map((key) => (
                <KeyItem
                  key={key.id}
                  keyRecord={key}
                  site={sites.length > 1 ? siteName.get(key.siteId) : undefined}
                  open={open?.keyId === key.id ? open.form : null}
                  onOpen={(form) => {
                    setNotice('')
                    setOpen(form ? { keyId: key.id, form } : null)
                  }}
                  onDone={done}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
      <AddKeyForm sites={sites} onAdded={() => setNotice(words.added)} />
    </section>
  )
}

function KeyItem({
  keyRecord: key,
  site,
  open,
  onOpen,
  onDone,
}: {
  keyRecord: Key
  site: string | undefined
  open: Action['form'] | null
  onOpen: (form: Action['form'] | null) => void
  onDone: (notice: string) => void
}) {
  const summary = words.summary(key.kind, key.number)
  const holding = key.holding
  const close = () => onOpen(null)
  const opened = open ? ACTIONS[open] : null
  return (
    <li className="keys__item">
      <strong>{summary}</strong>
      {site ? ` (${site})` : ''}
      {key.note ? `: ${key.note}` : ''}
      <p>
        {holding ? words.heldBy(holding.personName, holding.handedOn) : words.notHeldText}
        {holding?.deposit ? `. ${words.withDepositText(holding.deposit.kindName)}` : ''}
      </p>
      {open === null ? (
        <div className="button-row">
          {(holding ? HELD_ACTIONS : FREE_ACTIONS).map((action) => (
            <button
              key={action}
              type="button"
              className={ACTIONS[action].quiet ? 'button button--quiet' : 'button'}
              aria-label={ACTIONS[action].named(key.number)}
              onClick={() => onOpen(action)}
            >
              {ACTIONS[action].label}
            </button>
          ))}
        </div>
      ) : null}
      {/* A key returned or lost in the meantime has nothing left to return or lose. */}
      {opened && (open === 'handOver' || holding) ? (
        <opened.Form keyRecord={key} onDone={() => onDone(opened.done)} onCancel={close} />
      ) : null}
    </li>
  )
}

function AddKeyForm({
  sites,
  onAdded,
}: {
  sites: ReadonlyArray<{ id: number; name: string }>
  onAdded: () => void
}) {
  const blank = () => ({ siteId: '', number: '', kind: 'gate', note: '' })
  const form = useFormValues(blank)
  const [error, setError] = useState('')
  const siteId = form.values.siteId || String(sites[0]?.id ?? '')
  const adding = useChange({
    mutationFn: () =>
      addKey({
        siteId: Number(siteId),
        number: form.values.number,
        kind: form.values.kind as KeyKind,
        note: form.values.note,
      }),
    invalidates: keyChanges,
    onSuccess: () => {
      form.reset(blank())
      onAdded()
    },
    onError: (failure) => setError(errorMessage(failure)),
  })
  return (
    <form
      className="form card"
      noValidate
      aria-labelledby="add-key-heading"
      onSubmit={(event) => {
        event.preventDefault()
        setError('')
        if (!form.values.number.trim()) return setError(words.numberRequired)
        adding.mutate()
      }}
    >
      <h2 id="add-key-heading">{words.addKey}</h2>
      <Alert>{error}</Alert>
      {sites.length > 1 ? (
        <SelectField
          label={words.siteLabel}
          value={siteId}
          onChange={(event) => form.change({ siteId: event.target.value })}
        >
          {sites.map((site) => (
            <option key={site.id} value={String(site.id)}>
              {site.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField
        label={words.numberLabel}
        autoComplete="off"
        required
        maxLength={20}
        {...form.text('number')}
      />
      <SelectField label={words.kindLabel} {...form.text('kind')}>
        {KEY_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {words.kindNames[kind]}
          </option>
        ))}
      </SelectField>
      <TextField
        label={words.noteLabel}
        autoComplete="off"
        maxLength={200}
        {...form.text('note')}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={adding.isPending}>
          {words.addKey}
        </button>
      </div>
    </form>
  )
}
