import { useState } from 'react'
import { Link } from 'react-router'
import { importMessages } from '#shared/messages/import'
import {
  IMPORT_MAX_BYTES,
  type ColumnMapping,
  type ExistingChoice,
  type ImportKind,
  type NameCorrections,
} from '#shared/schemas/spreadsheet-import'
import { Alert } from '../../components/ui/alert.tsx'
import { RadioGroup, SelectField, TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useCheckImport, useSaveImport, type ImportRequest } from './api.ts'
import { CheckResult } from './check-result.tsx'
import { ColumnChoices, NOT_IN_FILE } from './column-choices.tsx'
import { LastImport } from './last-import.tsx'
import type { Names } from './name-correction.tsx'
import './import-page.css'

const KINDS: Array<{ value: ImportKind; label: string; noun: string }> = [
  { value: 'people', label: 'People: plot holders and the waiting list', noun: 'people' },
  { value: 'plots', label: 'Plots, with their tenants', noun: 'plots' },
]
const nounOf = (kind: ImportKind) => KINDS.find((k) => k.value === kind)!.noun

// The administrator brings the association's spreadsheet in: choose the file, match its columns
// to our fields, read the dry run, then import every row or none. Each change of file, sheet,
// column, choice or name runs the dry run again, so what is shown is always what would be saved.
// The column choices are kept here until the import (the file chosen again keeps them where its
// headings match); the server remembers them from one import to the next.
export function ImportPage() {
  const [kind, setKind] = useState<ImportKind>('people')
  const [file, setFile] = useState<File>()
  const [fileKey, setFileKey] = useState(0)
  const [problem, setProblem] = useState('')
  const [done, setDone] = useState('')
  const [kept, setKept] = useState<Partial<Record<ImportKind, ColumnMapping>>>({})
  const [existing, setExisting] = useState<ExistingChoice>('skip')
  const [names, setNames] = useState<NameCorrections>({})
  const check = useCheckImport()
  const save = useSaveImport()
  const busy = check.isPending || save.isPending
  const result = check.data

  function runCheck(request: ImportRequest) {
    setProblem('')
    check.mutate(request, {
      onSuccess: (checked) => {
        setProblem(checked.problem ?? '')
        setKept((choices) => ({ ...choices, [request.kind]: checked.mapping }))
      },
      onError: (failure) => setProblem(errorMessage(failure)),
    })
  }

  // A file (or sheet, or kind) read afresh: the choices kept where its headings match.
  function open(request: Pick<ImportRequest, 'file' | 'kind' | 'sheet'>) {
    check.reset()
    setDone('')
    setNames({})
    if (request.file.size > IMPORT_MAX_BYTES) return setProblem(importMessages.spreadsheetTooLarge)
    runCheck({ ...request, keep: kept[request.kind], existing, names: {} })
  }

  // The same file checked again with one thing changed.
  function recheck(change: Partial<ImportRequest>) {
    if (!file || !result) return
    runCheck({
      file,
      kind,
      sheet: result.sheet || undefined,
      mapping: result.mapping,
      existing,
      names,
      ...change,
    })
  }

  function chooseKind(next: ImportKind) {
    setKind(next)
    if (file) open({ file, kind: next })
  }

  function chooseColumn(key: string, column: string) {
    if (!result) return
    const mapping = { ...result.mapping }
    if (column === NOT_IN_FILE) delete mapping[key]
    else mapping[key] = column
    recheck({ mapping })
  }

  function chooseExisting(choice: ExistingChoice) {
    setExisting(choice)
    recheck({ existing: choice })
  }

  function correctName(row: number, corrected: Names) {
    const next = { ...names, [String(row)]: corrected }
    setNames(next)
    recheck({ names: next })
  }

  function importRows() {
    if (!file || !result) return
    save.mutate(
      { file, kind, sheet: result.sheet || undefined, mapping: result.mapping, existing, names },
      {
        onSuccess: ({ tenancies, ...counts }) => {
          setDone(importMessages.importDone(counts, nounOf(kind), tenancies))
          setFile(undefined)
          setFileKey((key) => key + 1)
          setNames({})
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
        <RadioGroup
          className="import-page__kinds"
          legend="What the file holds"
          name="kind"
          options={KINDS}
          value={kind}
          onChange={chooseKind}
        />
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
      <LastImport />
      {result ? <ColumnChoices kind={kind} read={result} onChoose={chooseColumn} /> : null}
      {result && !result.problem ? (
        <CheckResult
          result={result}
          busy={busy}
          noun={nounOf(kind)}
          splitsNames={kind === 'people' && result.mapping.fullName !== undefined}
          onExisting={chooseExisting}
          onCorrect={correctName}
          onImport={importRows}
        />
      ) : null}
    </section>
  )
}
