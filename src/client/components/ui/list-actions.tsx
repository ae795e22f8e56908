// A list prints from the screen itself (print.css leaves only the list) and downloads as the
// server's CSV, which a spreadsheet opens without running any cell. Both stay off the paper.
export function ListActions({
  csvHref,
  csvLabel = 'Download CSV',
}: {
  csvHref: string
  csvLabel?: string
}) {
  return (
    <div className="list-actions button-row no-print">
      <button type="button" className="button button--quiet" onClick={() => window.print()}>
        Print
      </button>
      <a className="button button--quiet" href={csvHref} download>
        {csvLabel}
      </a>
    </div>
  )
}
