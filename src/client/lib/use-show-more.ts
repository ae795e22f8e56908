import { useEffect, useState } from 'react'
import { flushSync } from 'react-dom'

// Long lists (2,000 plots, 10,000 people) render a page at a time so typing and scrolling stay
// instant; 'Show more' adds the next page. A new list (another filter) starts at one page again;
// `resetOn` says what makes a list new (by default the items themselves), so that a refetch of
// the same list after an edit keeps the pages already shown. Printing shows the whole list: the
// paper has no Show more button.
export function useShowMore<T>(items: readonly T[], pageSize: number, resetOn: unknown = items) {
  const [shown, setShown] = useState({ resetOn, count: pageSize })
  const count = shown.resetOn === resetOn ? shown.count : pageSize
  if (shown.resetOn !== resetOn) setShown({ resetOn, count: pageSize })
  useEffect(() => {
    // Synchronously, so that the page is laid out in full before the browser prints it.
    const showAll = () => flushSync(() => setShown({ resetOn, count: Infinity }))
    window.addEventListener('beforeprint', showAll)
    return () => window.removeEventListener('beforeprint', showAll)
  }, [resetOn])
  return {
    visible: items.slice(0, count),
    hidden: Math.max(0, items.length - count),
    showMore: () => setShown({ resetOn, count: count + pageSize }),
  }
}
