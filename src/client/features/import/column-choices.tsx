import { useId } from 'react'
import { importMessages } from '#shared/messages/import'
import {
  IMPORT_FIELDS,
  type ImportKind,
  type ImportTable,
} from '#shared/schemas/spreadsheet-import'
import { Alert } from '../../components/ui/alert.tsx'
import { CheckboxField, SelectField } from '../../components/ui/field.tsx'

export const NOT_IN_FILE = ''

interface Props {
  kind: ImportKind
  table: ImportTable
  /** The table's place in the sheet (from 0), and how many tables the sheet has. */
  index: number
  count: number
  onChoose: (key: string, column: string) => void
  onHeadings: (row: number) => void
  onSkip: (skip: boolean) => void
}

// One table of the sheet: the row of its headings (another may be chosen: the rows above it are
// left out), whether it is imported when the sheet has several, and the file's column chosen for
// each of our fields.
export function TableChoices({ kind, table, index, count, onChoose, onHeadings, onSkip }: Props) {
  const headingId = useId()
  const several = count > 1
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {several ? importMessages.tableHeading(index + 1, table.title) : 'Columns'}
      </h2>
      <p>{importMessages.tableRows(table)}</p>
      <div className="import-page__columns">
        <SelectField
          label={importMessages.headingsRowLabel}
          hint={importMessages.headingsRowHint}
          value={String(table.headings)}
          onChange={(event) => onHeadings(Number(event.target.value))}
        >
          {table.choices.map((choice) => (
            <option key={choice.row} value={choice.row}>
              {importMessages.rowChoice(choice.row, choice.text)}
            </option>
          ))}
        </SelectField>
        {several ? (
          <CheckboxField
            label={importMessages.importThisTable}
            checked={!table.skip}
            onChange={(event) => onSkip(!event.target.checked)}
          />
        ) : null}
      </div>
      {table.skip ? null : (
        <>
          <p>Choose the file’s column for each of our fields. {importMessages.columnsKept}</p>
          <Alert>{table.problem ?? ''}</Alert>
          <div className="import-page__columns">
            {IMPORT_FIELDS[kind].map((field) => (
              <SelectField
                key={`${kind}-${field.key}`}
                label={field.required ? `${field.label} (required)` : field.label}
                hint={field.hint}
                value={table.mapping[field.key] ?? NOT_IN_FILE}
                onChange={(event) => onChoose(field.key, event.target.value)}
              >
                <option value={NOT_IN_FILE}>Not in the file</option>
                {table.columns.map((column) => (
                  <option key={column} value={column}>
                    {column}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
        </>
      )}
    </section>
  )
}
