import { useState } from 'react'
import { Link } from 'react-router'
import { importMessages } from '#shared/messages/import'
import {
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  type ImportCheck,
  type ImportColumns,
  type ImportKind,
} from '#shared/schemas/spreadsheet-import'
import { Alert } from '../../components/ui/alert.tsx'
import { SelectField, TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useCheckImport, useSaveImport, type ImportRequest } from './api.ts'
import './import-page.css'

const KINDS: Array<{ value: ImportKind; label: string; noun: string }> = [
  { value: 'people', label: 'People: plot holders and the waiting list', noun: 'people' },
  { value: 'plots', label: 'Plots, with their tenants', noun: 'plots' },
]
const NOT_IN_FILE = ''
const nounOf = (kind: ImportKind) => KINDS.find((k) => k.value === kind)!.noun

// The administrator brings the association's spreadsheet in: choose the file, match its columns
// to our fields, read the dry run, then import every row or none. Each change of file, sheet or
// column runs the dry run again, so what is shown is always what would be saved.
export function ImportPage() {
  const [kind, setKind] = useState<ImportKind>('people')
  const [file, setFile] = useState<File>()
  const [fileKey, setFileKey] = useState(0)
  const [problem, setProblem] = useState('')
  const [done, setDone] = useState('')
  const check = useCheckImport()
  const save = useSaveImport()
  const busy = check.isPending || save.isPending
  const result = check.data

  // Without a mapping the server takes the last one used, or guesses one from the headings.
  function runCheck(request: ImportRequest) {
    setProblem('')
    check.mutate(request, {
      onSuccess: (checked) => setProblem(checked.problem ?? ''),
      onError: (failure) => setProblem(errorMessage(failure)),
    })
  }

  function open(request: Omit<ImportRequest, 'mapping'>) {
    check.reset()
    setDone('')
    if (request.file.size > IMPORT_MAX_BYTES) return setProblem(importMessages.spreadsheetTooLarge)
    runCheck(request)
  }

  function chooseKind(next: ImportKind) {
    setKind(next)
    if (file) open({ file, kind: next })
  }

  function chooseColumn(key: string, column: string) {
    if (!file || !result) return
    const mapping = { ...result.mapping }
    if (column === NOT_IN_FILE) delete mapping[key]
    else mapping[key] = column
    runCheck({ file, kind, sheet: result.sheet || undefined, mapping })
  }

  function importRows() {
    if (!file || !result) return
    save.mutate(
      { file, kind, sheet: result.sheet || undefined, mapping: result.mapping },
      {
        onSuccess: ({ tenancies, ...counts }) => {
          setDone(importMessages.importDone(counts, nounOf(kind), tenancies))
          setFile(undefined)
          setFileKey((key) => key + 1)
          check.reset()
        },
        onError: (failure) => setProblem(errorMessage(failure)),
      },
    )
  }

  return (
    <section className="import-page">
      <PageHeading>Import from a spreadsheet</PageHeading>
      <p>
        Bring in the people and plots your association keeps in a spreadsheet: save it as CSV or
        Excel .xlsx, one row per person or plot under a row of headings. Import people first, then
        plots with their tenants’ nicknames (or people with their plots, once the plots are
        recorded). Nothing is saved until every row is right.
      </p>
      <form className="card form" onSubmit={(event) => event.preventDefault()} noValidate>
        <fieldset className="import-page__kinds">
          <legend>What the file holds</legend>
          {KINDS.map(({ value, label }) => (
            <div className="field field--checkbox" key={value}>
              <input
                id={`import-kind-${value}`}
                type="radio"
                name="kind"
                value={value}
                checked={kind === value}
                onChange={() => chooseKind(value)}
              />
              <label htmlFor={`import-kind-${value}`}>{label}</label>
            </div>
          ))}
        </fieldset>
        <TextField
          key={fileKey}
          label="Spreadsheet (CSV or .xlsx)"
          name="file"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => {
            const chosen = event.target.files?.[0]
            setFile(chosen)
            if (chosen) open({ file: chosen, kind })
          }}
        />
        {result && result.sheets.length > 1 ? (
          <SelectField
            label="Sheet"
            value={result.sheet}
            onChange={(event) => open({ file: file!, kind, sheet: event.target.value })}
          >
            {result.sheets.map((sheet) => (
              <option key={sheet}>{sheet}</option>
            ))}
          </SelectField>
        ) : null}
        <Alert>{problem}</Alert>
        <Alert tone="success">{done}</Alert>
        {done ? (
          <p>
            See them on <Link to="/members/plotholders">Plot holders</Link>,{' '}
            <Link to="/members/waitinglist">Waiting list</Link> and{' '}
            <Link to="/members/plots">Plots</Link>.
          </p>
        ) : null}
        {busy ? <Spinner label={save.isPending ? 'Importing' : 'Reading the file'} /> : null}
      </form>
      {result ? <ColumnChoices kind={kind} read={result} onChoose={chooseColumn} /> : null}
      {result && !result.problem ? (
        <CheckResult result={result} busy={busy} onImport={importRows} noun={nounOf(kind)} />
      ) : null}
    </section>
  )
}

function ColumnChoices({
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
        {read.rowCount} rows. Choose the file’s column for each of our fields; the choice is
        remembered for the next file.
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

function CheckResult({
  result,
  busy,
  noun,
  onImport,
}: {
  result: ImportCheck
  busy: boolean
  noun: string
  onImport: () => void
}) {
  const { refused, preview, rowCount } = result
  const headings = preview.length ? Object.keys(preview[0]!.values) : []
  return (
    <section className="card" aria-labelledby="import-check-heading">
      <h2 id="import-check-heading">Check</h2>
      {refused.length ? (
        <>
          <Alert>{importMessages.importRefused(refused.length)}</Alert>
          <ul className="import-page__refused" aria-label="Rows that would be refused">
            {refused.map(({ row, message }) => (
              <li key={row}>{importMessages.importRowRefused(row, message)}</li>
            ))}
          </ul>
        </>
      ) : (
        <Alert tone="success">{importMessages.importReady(rowCount)}</Alert>
      )}
      {preview.length ? (
        <>
          <h3>The first {preview.length} rows, as they will be saved</h3>
          <table className="table table--cards">
            <thead>
              <tr>
                {headings.map((heading) => (
                  <th key={heading} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.map((record, i) => (
                <tr key={i}>
                  {headings.map((heading) => (
                    <td key={heading} data-label={heading}>
                      {record.values[heading]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button"
          onClick={onImport}
          disabled={busy || refused.length > 0}
        >
          Import {rowCount} {noun}
        </button>
      </div>
    </section>
  )
}
