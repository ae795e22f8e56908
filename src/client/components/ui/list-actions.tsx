// A list prints from the screen itself (print.css leaves only the list) and downloads as the
// server's CSV, which a spreadsheet opens without running any cell. Both stay off the paper.
export function ListActions({
  csvHref,
  csvLabel = 'Download CSV',
  pdf,
}: {
  csvHref: string
  csvLabel?: string
  /** A printed document of the list, beside the screen's own print. */
  pdf?: { href: string; label: string }
}) {
  return (
    <div className="list-actions button-row no-print">
      <button type="button" className="button button--quiet" onClick={() => window.print()}>
        Print
      </button>
      <a className="button button--quiet" href={csvHref} download>
        {csvLabel}
      </a>
      {pdf ? (
        <a className="button button--quiet" href={pdf.href} download>
          {pdf.label}
        </a>
      ) : null}
    </div>
  )
}
