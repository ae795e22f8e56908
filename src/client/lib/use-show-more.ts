import { useState } from 'react'

// Long lists (2,000 plots, 10,000 people) render a page at a time so typing and scrolling stay
// instant; 'Show more' adds the next page. A new list (another filter) starts at one page again.
export function useShowMore<T>(items: readonly T[], pageSize: number) {
  const [shown, setShown] = useState({ items, count: pageSize })
  const count = shown.items === items ? shown.count : pageSize
  if (shown.items !== items) setShown({ items, count: pageSize })
  return {
    visible: items.slice(0, count),
    hidden: Math.max(0, items.length - count),
    showMore: () => setShown({ items, count: count + pageSize }),
  }
}
