import { useState, type FormEvent } from 'react'
import { importMessages } from '#shared/messages/import'
import { TextField } from '../../components/ui/field.tsx'

export interface Names {
  firstName: string
  lastName: string
}

// A row's full name split another way: the names to use instead, sent with the check and the
// import (nothing is saved until the import).
export function NameCorrection({
  row,
  start,
  onUse,
  onCancel,
}: {
  row: number
  start: Names
  onUse: (names: Names) => void
  onCancel: () => void
}) {
  const [names, setNames] = useState(start)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onUse({ firstName: names.firstName.trim(), lastName: names.lastName.trim() })
  }
  return (
    <form className="card form import-page__correction" onSubmit={submit} noValidate>
      <h3>{importMessages.correctName(row)}</h3>
      <TextField
        label="Corrected first name"
        value={names.firstName}
        autoFocus
        onChange={(event) => setNames({ ...names, firstName: event.target.value })}
      />
      <TextField
        label="Corrected last name"
        value={names.lastName}
        onChange={(event) => setNames({ ...names, lastName: event.target.value })}
      />
      <div className="button-row">
        <button type="submit" className="button">
          Use these names
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
