import { useState } from 'react'
import { importMessages } from '#shared/messages/import'
import {
  IMPORT_PREVIEW_PAGE,
  type ExistingChoice,
  type ImportCheck,
  type PreviewRow,
} from '#shared/schemas/spreadsheet-import'
import { Alert } from '../../components/ui/alert.tsx'
import { RadioGroup } from '../../components/ui/field.tsx'
import { CardTable } from '../../components/ui/card-table.tsx'
import { Pager } from '../../components/ui/pager.tsx'
import { NameCorrection, type Names } from './name-correction.tsx'

interface Props {
  result: ImportCheck
  busy: boolean
  noun: string
  /** Whether names come from a full-name column, so that a row's split can be corrected. */
  splitsNames: boolean
  onExisting: (choice: ExistingChoice) => void
  onCorrect: (row: number, names: Names) => void
  onImport: () => void
}

const EXISTING: Array<{ value: ExistingChoice; label: string }> = [
  { value: 'skip', label: importMessages.existingSkip },
  { value: 'update', label: importMessages.existingUpdate },
]

const namesOf = (row: PreviewRow): Names => ({
  firstName: row.values['First name'] ?? '',
  lastName: row.values['Last name'] ?? '',
})

// The dry run: what every row would do, a page at a time, with what changes in records already
// kept, the rows that would be refused, and the choice for people already recorded.
export function CheckResult(props: Props) {
  const { result, busy, noun, splitsNames, onExisting, onCorrect, onImport } = props
  const { refused, preview, rowCount, counts, recognised } = result
  const [page, setPage] = useState(1)
  const [correcting, setCorrecting] = useState<{ row: number; start: Names }>()
  const pageCount = Math.max(1, Math.ceil(preview.length / IMPORT_PREVIEW_PAGE))
  const shown = Math.min(page, pageCount)
  const from = (shown - 1) * IMPORT_PREVIEW_PAGE
  const rows = preview.slice(from, from + IMPORT_PREVIEW_PAGE)
  const headings = preview.length ? Object.keys(preview[0]!.values) : []
  const anyChanges = preview.some((row) => row.changes.length > 0)
  const columns = [
    'Row',
    'What happens',
    ...headings,
    ...(anyChanges ? ['Changes'] : []),
    ...(splitsNames ? ['Name'] : []),
  ]
  const correctButton = (row: number, start: Names) => (
    <button
      type="button"
      className="button button--quiet"
      onClick={() => setCorrecting({ row, start })}
    >
      {importMessages.correctName(row)}
    </button>
  )
  return (
    <section className="card" aria-labelledby="import-check-heading">
      <h2 id="import-check-heading">Check</h2>
      {refused.length ? (
        <>
          <Alert>{importMessages.importRefused(refused.length)}</Alert>
          <ul className="import-page__refused" aria-label="Rows that would be refused">
            {refused.map(({ row, message }) => (
              <li key={row}>
                {importMessages.importRowRefused(row, message)}{' '}
                {splitsNames ? correctButton(row, { firstName: '', lastName: '' }) : null}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Alert tone="success">{importMessages.importReady(rowCount)}</Alert>
      )}
      <p role="status">{importMessages.importWillDo(counts, noun)}</p>
      {correcting ? (
        <NameCorrection
          key={correcting.row}
          row={correcting.row}
          start={correcting.start}
          onCancel={() => setCorrecting(undefined)}
          onUse={(names) => {
            setCorrecting(undefined)
            onCorrect(correcting.row, names)
          }}
        />
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
          <h3>{importMessages.previewHeading(from + 1, from + rows.length, preview.length)}</h3>
          <CardTable caption="The rows as they will be saved" columns={columns}>
            {rows.map((record) => (
              <tr key={record.row}>
                <td data-label="Row">{record.row}</td>
                <td data-label="What happens">{importMessages.rowActions[record.action]}</td>
                {headings.map((heading) => (
                  <td key={heading} data-label={heading}>
                    {record.values[heading]}
                  </td>
                ))}
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
                {splitsNames ? (
                  <td data-label="Name">
                    {record.action === 'new' ? correctButton(record.row, namesOf(record)) : null}
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
          Import {rowCount} {noun}
        </button>
      </div>
    </section>
  )
}
