import { importMessages } from '#shared/messages/import'
import {
  IMPORT_FIELDS,
  type ImportColumns,
  type ImportKind,
} from '#shared/schemas/spreadsheet-import'
import { SelectField } from '../../components/ui/field.tsx'

export const NOT_IN_FILE = ''

// Our fields, each with the file's column chosen for it.
export function ColumnChoices({
  kind,
  read,
  onChoose,
}: {
  kind: ImportKind
  read: ImportColumns
  onChoose: (key: string, column: string) => void
}) {
  return (
    <section className="card" aria-labelledby="import-columns-heading">
      <h2 id="import-columns-heading">Columns</h2>
      <p>
        {read.rowCount} rows. Choose the file’s column for each of our fields.{' '}
        {importMessages.columnsKept}
      </p>
      <div className="import-page__columns">
        {IMPORT_FIELDS[kind].map((field) => (
          <SelectField
            key={`${kind}-${field.key}`}
            label={field.required ? `${field.label} (required)` : field.label}
            hint={field.hint}
            value={read.mapping[field.key] ?? NOT_IN_FILE}
            onChange={(event) => onChoose(field.key, event.target.value)}
          >
            <option value={NOT_IN_FILE}>Not in the file</option>
            {read.columns.map((column) => (
              <option key={column} value={column}>
                {column}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
    </section>
  )
}
