interface Props {
  page: number
  pageCount: number
  onPage: (page: number) => void
}

export function Pager({ page, pageCount, onPage }: Props) {
  return (
    <nav className="pager" aria-label="Log pages">
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
