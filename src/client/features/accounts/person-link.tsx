import { useState } from 'react'
import { linkPerson, type Account } from './api.ts'

interface Props {
  account: Account
  busy: boolean
  run: (action: () => Promise<unknown>) => void
}

// The person an account belongs to, by nickname: what the member then sees as My allotment.
export function PersonLink({ account, busy, run }: Props) {
  const [personId, setPersonId] = useState('')
  const inputId = `person-${account.id}`
  if (account.personId)
    return (
      <div className="row-actions">
        <span>{account.personId}</span>
        <button
          type="button"
          className="button button--quiet"
          disabled={busy}
          onClick={() => run(() => linkPerson(account.id, null))}
        >
          Unlink<span className="visually-hidden"> {account.userName}</span>
        </button>
      </div>
    )
  return (
    <form
      className="row-actions"
      onSubmit={(event) => {
        event.preventDefault()
        if (personId.trim()) run(() => linkPerson(account.id, personId.trim()))
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        Nickname of the person {account.userName} belongs to
      </label>
      <input
        id={inputId}
        value={personId}
        placeholder="Nickname"
        autoComplete="off"
        onChange={(event) => setPersonId(event.target.value)}
      />
      <button type="submit" className="button button--quiet" disabled={busy}>
        Link<span className="visually-hidden"> {account.userName}</span>
      </button>
    </form>
  )
}
