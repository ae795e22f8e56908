import { METRIC_LABELS, rate, ratingWord, type MetricName } from '#shared/domain/web-vitals'
import type { VitalSummaryRow } from './api.ts'
import { formatVital } from './format.ts'

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
          <table className="table">
            <caption className="visually-hidden">{heading} per page</caption>
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">75th percentile</th>
                <th scope="col">Measurements</th>
                <th scope="col">Rating</th>
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
                    <td>{formatVital(name, row.p75)}</td>
                    <td>{row.count}</td>
                    <td className={`vitals__rating vitals__rating--${rating}`}>
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
