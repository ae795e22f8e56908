/** The button under a list shown a page at a time (useShowMore), while some of it is hidden. */
export function ShowMore({
  hidden,
  onShowMore,
  className = '',
}: {
  hidden: number
  onShowMore: () => void
  className?: string
}) {
  if (hidden === 0) return null
  return (
    <button
      type="button"
      className={`button button--quiet ${className}`.trim()}
      onClick={onShowMore}
    >
      Show more
    </button>
  )
}
