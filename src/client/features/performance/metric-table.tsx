import { METRIC_LABELS, rate, ratingWord, type MetricName } from '#shared/domain/web-vitals'
import type { VitalSummaryRow } from './api.ts'
import { formatVital } from './format.ts'

// The headings, also worn by each cell: on a phone the rows are cards that name their fields.
const COLUMNS = { p75: '75th percentile', count: 'Measurements', rating: 'Rating' }

// One metric: a row per route pattern, rated by its 75th percentile as web.dev rates a page.
export function MetricTable({ name, rows }: { name: MetricName; rows: VitalSummaryRow[] }) {
  const heading = `${METRIC_LABELS[name]} (${name})`
  return (
    <section className="vitals__metric" aria-labelledby={`vitals-${name}`}>
      <h2 id={`vitals-${name}`}>{heading}</h2>
      {rows.length === 0 ? (
        <p className="count">No measurements yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="table table--cards">
            <caption className="visually-hidden">{heading} per page</caption>
            <thead>
              <tr>
                <th scope="col">Page</th>
                {Object.values(COLUMNS).map((label) => (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const rating = rate(name, row.p75)
                return (
                  <tr key={row.route}>
                    <th scope="row" className="vitals__route">
                      {row.route}
                    </th>
                    <td data-label={COLUMNS.p75}>{formatVital(name, row.p75)}</td>
                    <td data-label={COLUMNS.count}>{row.count}</td>
                    <td
                      data-label={COLUMNS.rating}
                      className={`vitals__rating vitals__rating--${rating}`}
                    >
                      {ratingWord(rating)}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
