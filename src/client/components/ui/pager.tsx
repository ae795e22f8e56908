import './pager.css'

interface Props {
  /** What is paged, for screen readers: "Log pages". */
  label: string
  page: number
  pageCount: number
  onPage: (page: number) => void
}

// Previous and next through a list shown a page at a time (the log, an import's check).
export function Pager({ label, page, pageCount, onPage }: Props) {
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button button--quiet"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous page
      </button>
      <span className="pager__position">
        Page {page.toLocaleString('en-GB')} of {pageCount.toLocaleString('en-GB')}
      </span>
      <button
        type="button"
        className="button button--quiet"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next page
      </button>
    </nav>
  )
}
