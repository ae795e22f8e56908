import type { ReactNode } from 'react'

interface Props {
  /** Read by screen readers only: what the rows are. */
  caption: string
  /** The headings, in order; each cell wears its own as `data-label`. */
  columns: readonly string[]
  /** The rows. */
  children: ReactNode
}

// A table that becomes one card per row on a phone (styles.css, `.table--cards`), where each cell
// is named by its heading.
export function CardTable({ caption, columns, children }: Props) {
  return (
    <div className="table-scroll">
      <table className="table table--cards">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
