import { useState, type FormEvent } from 'react'
import { statementMessages } from '#shared/messages/statement'
import type { StatementColumns as Columns, StatementLayout } from '#shared/schemas/rent'
import { Alert } from '../../components/ui/alert.tsx'
import { SelectField, TextField } from '../../components/ui/field.tsx'

const ROLES = [
  { key: 'date', label: 'Date (required)' },
  { key: 'amount', label: 'Amount (money out below nought)' },
  { key: 'moneyIn', label: 'Money in (if the statement has its own column)' },
  { key: 'moneyOut', label: 'Money out (if the statement has its own column)' },
  { key: 'reference', label: 'Reference or description (required)' },
  { key: 'payee', label: 'Payer’s name (if the statement has its own column)' },
] as const

type Role = (typeof ROLES)[number]['key']

const NOT_IN_FILE = ''

interface Props {
  preview: readonly string[][]
  columnCount: number
  busy: boolean
  onRead: (layout: StatementLayout) => void
}

// A statement whose columns we do not know: its first rows, and which column holds what, kept
// under the name the committee gives (their bank's) so that it is read so next time. The server
// checks the mapping when it keeps it, and says what is missing.
export function StatementColumns({ preview, columnCount, busy, onRead }: Props) {
  const [name, setName] = useState('')
  const [chosen, setChosen] = useState<Partial<Record<Role, string>>>({})
  const columns = Array.from({ length: columnCount }, (_, index) => index)
  // A column is named by what its first rows hold, which is its heading when there is one.
  const columnName = (index: number) => {
    const seen = preview.map((cells) => cells[index] ?? '').find((cell) => cell !== '')
    return `Column ${index + 1}${seen ? `: ${seen.slice(0, 30)}` : ''}`
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const columns = Object.fromEntries(
      Object.entries(chosen).flatMap(([role, column]) =>
        column === NOT_IN_FILE ? [] : [[role, Number(column)]],
      ),
    ) as Columns
    onRead({ name, columnCount, columns })
  }

  return (
    <form className="form statement__columns" onSubmit={submit} noValidate>
      <Alert tone="info">{statementMessages.chooseColumns}</Alert>
      {/* Focusable, so that a keyboard can scroll a statement wider than the screen. */}
      <div
        className="table-scroll"
        tabIndex={0}
        role="region"
        aria-label="The statement’s first lines"
      >
        <table className="table">
          <caption>The statement’s first lines</caption>
          <thead>
            <tr>
              {columns.map((index) => (
                <th key={index} scope="col">
                  Column {index + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.map((cells, row) => (
              <tr key={row}>
                {columns.map((index) => (
                  <td key={index}>{cells[index] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {ROLES.map((role) => (
        <SelectField
          key={role.key}
          label={role.label}
          value={chosen[role.key] ?? NOT_IN_FILE}
          onChange={(event) => setChosen((now) => ({ ...now, [role.key]: event.target.value }))}
        >
          <option value={NOT_IN_FILE}>Not in the statement</option>
          {columns.map((index) => (
            <option key={index} value={index}>
              {columnName(index)}
            </option>
          ))}
        </SelectField>
      ))}
      <TextField
        label="Name of this layout"
        hint={statementMessages.layoutNameHint}
        value={name}
        maxLength={60}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          Read with these columns
        </button>
      </div>
    </form>
  )
}
