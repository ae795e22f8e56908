import { useState } from 'react'
import { titledName } from '#shared/domain/person-names'
import { importMessages } from '#shared/messages/import'
import {
  IMPORT_PREVIEW_PAGE,
  type ExistingChoice,
  type ImportCheck,
  type ImportKind,
  type PreviewRow,
  type WrittenNames,
} from '#shared/schemas/spreadsheet-import'
import { Alert } from '../../components/ui/alert.tsx'
import { RadioGroup } from '../../components/ui/field.tsx'
import { CardTable } from '../../components/ui/card-table.tsx'
import { Pager } from '../../components/ui/pager.tsx'
import { NameCorrection } from './name-correction.tsx'

interface Props {
  result: ImportCheck
  busy: boolean
  kind: ImportKind
  onExisting: (choice: ExistingChoice) => void
  onCorrect: (row: number, people: WrittenNames[]) => void
  onImport: () => void
}

const EXISTING: Array<{ value: ExistingChoice; label: string }> = [
  { value: 'skip', label: importMessages.existingSkip },
  { value: 'update', label: importMessages.existingUpdate },
]

// The first record of each row that names more than one person.
const jointRows = (preview: readonly PreviewRow[]) =>
  preview.filter((record, i) => record.written && preview[i - 1]?.row !== record.row)

// The dry run: what every record would do, a page at a time, with what changes in records
// already kept, the rows that would be refused, the rows read as several people, and the choice
// for people already recorded. A person's name as read can be corrected, row by row.
export function CheckResult({ result, busy, kind, onExisting, onCorrect, onImport }: Props) {
  const { refused, preview, rowCount, counts, recognised, bySite } = result
  const [page, setPage] = useState(1)
  const [correcting, setCorrecting] = useState<{ row: number; start: WrittenNames[] }>()
  const pageCount = Math.max(1, Math.ceil(preview.length / IMPORT_PREVIEW_PAGE))
  const shown = Math.min(page, pageCount)
  const from = (shown - 1) * IMPORT_PREVIEW_PAGE
  const records = preview.slice(from, from + IMPORT_PREVIEW_PAGE)
  // Our fields the file fills in for someone: a column blank in every record is left out.
  const headings = Object.keys(preview[0]?.values ?? {}).filter((heading) =>
    preview.some((record) => record.values[heading]),
  )
  const anyChanges = preview.some((record) => record.changes.length > 0)
  const corrects = kind === 'people'
  const joint = jointRows(preview)
  // A person's correction beside their names, where it is seen without scrolling sideways.
  const namesEnd = corrects ? headings.indexOf('Last name') + 1 : headings.length
  const [names, details] = [headings.slice(0, namesEnd), headings.slice(namesEnd)]
  const columns = [
    'Row',
    'What happens',
    ...names,
    ...(corrects ? ['Name'] : []),
    ...details,
    ...(anyChanges ? ['Changes'] : []),
  ]
  const cells = (record: PreviewRow, of: string[]) =>
    of.map((heading) => (
      <td key={heading} data-label={heading}>
        {record.values[heading]}
      </td>
    ))
  // In the table, where the row's number is beside it, the button says less (a narrower column).
  const correctButton = (row: number, start: WrittenNames[] = [], short = false) => (
    <button
      type="button"
      className="button button--quiet"
      aria-label={short ? importMessages.correctName(row) : undefined}
      onClick={() => setCorrecting({ row, start })}
    >
      {short ? importMessages.correctNameShort : importMessages.correctName(row)}
    </button>
  )
  return (
    <section className="card" aria-labelledby="import-check-heading">
      <h2 id="import-check-heading">Check</h2>
      {refused.length ? (
        <>
          <Alert>{importMessages.importRefused(refused.length)}</Alert>
          <ul className="import-page__rows" aria-label="Rows that would be refused">
            {refused.map(({ row, message, split }, index) => (
              <li key={index}>
                {importMessages.importRowRefused(row, message)}{' '}
                {corrects ? correctButton(row, split) : null}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Alert tone="success">{importMessages.importReady(rowCount)}</Alert>
      )}
      <p role="status">{importMessages.importWillDo(counts, kind)}</p>
      {bySite.length ? <p>{importMessages.rowsBySite(bySite)}</p> : null}
      {correcting ? (
        <NameCorrection
          key={correcting.row}
          row={correcting.row}
          start={correcting.start}
          onCancel={() => setCorrecting(undefined)}
          onUse={(people) => {
            setCorrecting(undefined)
            onCorrect(correcting.row, people)
          }}
        />
      ) : null}
      {joint.length ? (
        <>
          <p>{importMessages.jointRows(joint.length)}</p>
          <ul className="import-page__rows" aria-label="Rows naming more than one person">
            {joint.map(({ row, written, split = [] }) => (
              <li key={row}>
                {importMessages.jointRow(row, written!, split.map(titledName))}{' '}
                {correctButton(row, split)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {recognised ? (
        <RadioGroup
          className="import-page__kinds"
          legend={importMessages.existingLegend}
          name="existing"
          options={EXISTING}
          value={result.existing}
          onChange={onExisting}
          disabled={busy}
        >
          <p>{importMessages.recognised(recognised)}</p>
        </RadioGroup>
      ) : null}
      {preview.length ? (
        <>
          <h3>{importMessages.previewHeading(from + 1, from + records.length, preview.length)}</h3>
          <CardTable caption="The rows as they will be saved" columns={columns}>
            {records.map((record, index) => (
              <tr key={from + index}>
                <td data-label="Row">{record.row}</td>
                <td data-label="What happens">{importMessages.rowActions[record.action]}</td>
                {cells(record, names)}
                {corrects ? (
                  <td data-label="Name">
                    {record.action === 'new' && records[index - 1]?.row !== record.row
                      ? correctButton(record.row, record.split, true)
                      : null}
                  </td>
                ) : null}
                {cells(record, details)}
                {anyChanges ? (
                  <td data-label="Changes">
                    {record.changes.length ? (
                      <ul className="import-page__changes">
                        {record.changes.map((change) => (
                          <li key={change.field}>
                            {importMessages.fieldChange(change.field, change.old, change.new)}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </CardTable>
          {pageCount > 1 ? (
            <Pager label="Pages of the check" page={shown} pageCount={pageCount} onPage={setPage} />
          ) : null}
        </>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button"
          onClick={onImport}
          disabled={busy || refused.length > 0}
        >
          {importMessages.importButton(counts, kind)}
        </button>
      </div>
    </section>
  )
}
