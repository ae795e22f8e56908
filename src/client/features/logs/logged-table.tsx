import { loggedRows } from './log-format.ts'

export function LoggedTable({ text, caption }: { text: string; caption: string }) {
  return (
    <div className="table-scroll">
      <table className="table logged-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Property</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {loggedRows(text).map(([property, value]) => (
            <tr key={property}>
              <th scope="row">{property}</th>
              <td className="logged-table__value">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
