import type { LogSort } from '#shared/domain/log-sort'
import type { LogSortColumn } from '#shared/domain/log-sort'

interface Props {
  column: LogSortColumn
  label: string
  current: LogSort
  onSort: (column: LogSortColumn) => void
}

// aria-sort on the header tells screen readers which column orders the table, and which way.
export function SortHeader({ column, label, current, onSort }: Props) {
  const active = current.sort === column
  const direction = current.order === 'asc' ? 'ascending' : 'descending'
  return (
    <th scope="col" aria-sort={active ? direction : 'none'}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {label}
        <span className="sort-button__arrow" aria-hidden="true">
          {active ? (current.order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  )
}
