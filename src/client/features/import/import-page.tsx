import { useState } from 'react'
import { Link } from 'react-router'
import { importMessages } from '#shared/messages/import'
import { useChosenSite } from '#client/components/sites/chosen-site.ts'
import {
  IMPORT_MAX_BYTES,
  type ColumnMapping,
  type ExistingChoice,
  type ImportCheck,
  type ImportKind,
  type NameCorrections,
  type TableChoice,
  type WrittenNames,
} from '#shared/schemas/spreadsheet-import'
import { Alert } from '../../components/ui/alert.tsx'
import { RadioGroup, SelectField, TextField } from '../../components/ui/field.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useCheckImport, useSaveImport, type ImportRequest } from './api.ts'
import { CheckResult } from './check-result.tsx'
import { NOT_IN_FILE, TableChoices } from './column-choices.tsx'
import { LastImport } from './last-import.tsx'
import './import-page.css'

const KINDS: Array<{ value: ImportKind; label: string }> = [
  { value: 'people', label: 'People: plot holders and the waiting list' },
  { value: 'plots', label: 'Plots, with their tenants' },
]

// Each table as the check read it: its headings row, its mapping, whether it is left out.
const choicesOf = (result: ImportCheck): TableChoice[] =>
  result.tables.map(({ headings, mapping, skip }) => ({ headings, mapping, skip }))

// The administrator brings the association's spreadsheet in: choose the file, match each of its
// tables' columns to our fields, read the dry run, then import every row or none. Each change of
// file, sheet, headings row, table, column, choice or name runs the dry run again, so what is
// shown is always what would be saved. The column choices are kept here until the import (the
// file chosen again keeps them where its headings match); the server remembers them from one
// import to the next.
export function ImportPage() {
  const [kind, setKind] = useState<ImportKind>('people')
  const [file, setFile] = useState<File>()
  const [fileKey, setFileKey] = useState(0)
  const [problem, setProblem] = useState('')
  const [done, setDone] = useState('')
  const [kept, setKept] = useState<Partial<Record<ImportKind, ColumnMapping[]>>>({})
  const [existing, setExisting] = useState<ExistingChoice>('skip')
  const [names, setNames] = useState<NameCorrections>({})
  // The file's site (decision 51), asked only where there is a choice; the site chosen above the
  // lists comes first. It is always sent, so that a representative's file goes to their site.
  const chosen = useChosenSite()
  const openSites = chosen.sites.filter((open) => !open.retiredOn)
  const [siteId, setSiteId] = useState<number>()
  const site = siteId ?? openSites.find((open) => open.id === chosen.site)?.id ?? openSites[0]?.id
  const check = useCheckImport()
  const save = useSaveImport()
  const busy = check.isPending || save.isPending
  const result = check.data

  function runCheck(request: ImportRequest) {
    setProblem('')
    check.mutate(request, {
      onSuccess: (checked) => {
        // A table's own problem is shown with its columns (and, of several, which one here); the
        // sheet's here.
        const problem = checked.problem ?? ''
        const table = checked.tables.findIndex((read) => !read.skip && read.problem === problem)
        const several = checked.tables.length > 1
        setProblem(table < 0 ? problem : several ? importMessages.tableProblem(table + 1) : '')
        setKept((choices) => ({
          ...choices,
          [request.kind]: checked.tables.map((table) => table.mapping),
        }))
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
    const tables = kept[request.kind]?.map((keep) => ({ keep }))
    runCheck({ ...request, tables, existing, names: {}, site })
  }

  // The same file checked again with one thing changed.
  function recheck(change: Partial<ImportRequest>) {
    if (!file || !result) return
    runCheck({
      file,
      kind,
      sheet: result.sheet || undefined,
      tables: choicesOf(result),
      existing,
      names,
      site,
      ...change,
    })
  }

  // One table's choices changed, the others' kept.
  function changeTable(index: number, change: (table: TableChoice) => TableChoice) {
    if (!result) return
    recheck({ tables: choicesOf(result).map((table, i) => (i === index ? change(table) : table)) })
  }

  function chooseKind(next: ImportKind) {
    setKind(next)
    if (file) open({ file, kind: next })
  }

  function chooseColumn(index: number, key: string, column: string) {
    changeTable(index, (table) => {
      const mapping = { ...table.mapping }
      if (column === NOT_IN_FILE) delete mapping[key]
      else mapping[key] = column
      return { ...table, mapping }
    })
  }

  // Other headings: the table's choices kept where its new columns have them, and the tables
  // below found again.
  function chooseHeadings(index: number, headings: number) {
    if (!result) return
    const above = choicesOf(result).slice(0, index)
    const { mapping, skip } = result.tables[index]!
    recheck({ tables: [...above, { headings, keep: mapping, skip }] })
  }

  function chooseExisting(choice: ExistingChoice) {
    setExisting(choice)
    recheck({ existing: choice })
  }

  function correctName(row: number, corrected: WrittenNames[]) {
    const next = { ...names, [String(row)]: corrected }
    setNames(next)
    recheck({ names: next })
  }

  function importRows() {
    if (!file || !result) return
    save.mutate(
      {
        file,
        kind,
        sheet: result.sheet || undefined,
        tables: choicesOf(result),
        existing,
        names,
        site,
      },
      {
        onSuccess: ({ tenancies, ...counts }) => {
          setDone(importMessages.importDone(counts, kind, tenancies))
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
        {openSites.length > 1 && site !== undefined ? (
          <SelectField
            label={importMessages.fileSiteLabel}
            hint={importMessages.fileSiteHint}
            name="site"
            value={site}
            onChange={(event) => {
              const next = Number(event.target.value)
              setSiteId(next)
              recheck({ site: next })
            }}
          >
            {openSites.map((open) => (
              <option key={open.id} value={open.id}>
                {open.name}
              </option>
            ))}
          </SelectField>
        ) : null}
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
      {result?.tables.map((table, index) => (
        <TableChoices
          key={`${index}-${table.headings}`}
          kind={kind}
          table={table}
          index={index}
          count={result.tables.length}
          onChoose={(key, column) => chooseColumn(index, key, column)}
          onHeadings={(headings) => chooseHeadings(index, headings)}
          onSkip={(skip) => changeTable(index, (choice) => ({ ...choice, skip }))}
        />
      ))}
      {result && !result.problem ? (
        <CheckResult
          result={result}
          busy={busy}
          kind={kind}
          onExisting={chooseExisting}
          onCorrect={correctName}
          onImport={importRows}
        />
      ) : null}
    </section>
  )
}
