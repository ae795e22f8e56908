import { Link } from 'react-router'
import type { LogSort, LogSortColumn } from '#shared/domain/log-sort'
import type { LogEntry } from '#shared/schemas/logs'
import { errorSummary, formatTimeStamp, hasError } from './log-format.ts'
import { SortHeader } from './sort-header.tsx'
import { WarningIcon } from './warning-icon.tsx'

const COLUMNS: Array<[LogSortColumn, string]> = [
  ['timeStamp', 'Time Stamp'],
  ['methodName', 'Method Name'],
  ['userName', 'User Name'],
  ['error', 'Error'],
]

const LABELS = Object.fromEntries(COLUMNS) as Record<LogSortColumn, string>

interface Props {
  entries: LogEntry[]
  sort: LogSort
  onSort: (column: LogSortColumn) => void
  /** The list's search (sort and page), carried to the entry views for their way back. */
  from: string
  /** Rows of the previous request are shown while the next one loads. */
  busy: boolean
  /** The sites' names by id, to name each entry's sites; null with one site. */
  siteNames: ReadonlyMap<number, string> | null
}

export function LogTable({ entries, sort, onSort, from, busy, siteNames }: Props) {
  return (
    <div className="table-scroll">
      <table className="table table--cards table--sortable log-table" aria-busy={busy}>
        <caption className="visually-hidden">Activity log</caption>
        <thead>
          <tr>
            {COLUMNS.map(([column, label]) => (
              <SortHeader
                key={column}
                column={column}
                label={label}
                current={sort}
                onSort={onSort}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label={LABELS.timeStamp}>
                <Link to={String(entry.id)} state={{ from }}>
                  <time dateTime={entry.timeStamp}>{formatTimeStamp(entry.timeStamp)}</time>
                </Link>
              </td>
              <td data-label={LABELS.methodName}>
                {entry.methodName}
                {siteNames && entry.sites.length > 0 ? (
                  <span className="log-sites">
                    {entry.sites.map((id) => siteNames.get(id) ?? String(id)).join(', ')}
                  </span>
                ) : null}
              </td>
              <td data-label={LABELS.userName}>{entry.userName}</td>
              <td data-label={hasError(entry.error) ? LABELS.error : undefined}>
                {hasError(entry.error) ? (
                  <span className="log-error">
                    <Link
                      to={`${entry.id}/error`}
                      state={{ from }}
                      className="log-error__link"
                      aria-label={`Error details for entry ${entry.id}`}
                    >
                      <WarningIcon />
                    </Link>
                    <span className="log-error__text">{errorSummary(entry.error)}</span>
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
