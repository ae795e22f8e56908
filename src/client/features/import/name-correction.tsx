import { useState, type FormEvent } from 'react'
import { MAX_TENANTS_PER_PLOT } from '#shared/domain/plots'
import { importMessages } from '#shared/messages/import'
import type { WrittenNames } from '#shared/schemas/spreadsheet-import'
import { TextField } from '../../components/ui/field.tsx'

const NOBODY: WrittenNames = { title: '', firstName: '', lastName: '' }
const trimmed = (names: WrittenNames): WrittenNames => ({
  title: names.title.trim(),
  firstName: names.firstName.trim(),
  lastName: names.lastName.trim(),
})

// A row's name read another way: the people to record instead (one, or up to four sharing the
// row's plots), sent with the check and the import (nothing is saved until the import).
export function NameCorrection({
  row,
  start,
  onUse,
  onCancel,
}: {
  row: number
  start: readonly WrittenNames[]
  onUse: (people: WrittenNames[]) => void
  onCancel: () => void
}) {
  const [people, setPeople] = useState<WrittenNames[]>(start.length ? [...start] : [NOBODY])
  const change = (index: number, names: Partial<WrittenNames>) =>
    setPeople(people.map((person, i) => (i === index ? { ...person, ...names } : person)))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onUse(people.map(trimmed))
  }
  return (
    <form className="card form import-page__correction" onSubmit={submit} noValidate>
      <h3>{importMessages.correctName(row)}</h3>
      <p>{importMessages.correctNameExplained}</p>
      {people.map((person, index) => (
        <div className="import-page__person" key={index}>
          <TextField
            label={importMessages.personField('Title', index + 1)}
            value={person.title}
            onChange={(event) => change(index, { title: event.target.value })}
          />
          <TextField
            label={importMessages.personField('First name', index + 1)}
            value={person.firstName}
            autoFocus={index === 0}
            onChange={(event) => change(index, { firstName: event.target.value })}
          />
          <TextField
            label={importMessages.personField('Last name', index + 1)}
            value={person.lastName}
            onChange={(event) => change(index, { lastName: event.target.value })}
          />
          {people.length > 1 ? (
            <button
              type="button"
              className="button button--quiet"
              onClick={() => setPeople(people.filter((_, i) => i !== index))}
            >
              {importMessages.removePerson(index + 1)}
            </button>
          ) : null}
        </div>
      ))}
      <div className="button-row">
        {people.length < MAX_TENANTS_PER_PLOT ? (
          <button
            type="button"
            className="button button--quiet"
            onClick={() => setPeople([...people, NOBODY])}
          >
            {importMessages.addPerson}
          </button>
        ) : null}
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
