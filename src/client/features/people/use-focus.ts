import { useEffect, useRef, type RefObject } from 'react'

// A pane that replaces another takes the focus, so keyboard and screen-reader users land in it
// (and on a phone, where the pane sits below the list, it scrolls into view).
export function useFocusOnMount<T extends HTMLElement>(enabled = true): RefObject<T | null> {
  const ref = useRef<T>(null)
  useEffect(() => {
    if (enabled) ref.current?.focus()
  }, [enabled])
  return ref
}

// When a click removes the button that had the focus (Edit, Cancel), the focus must go
// somewhere useful instead of falling back to the page.
export function useFocusAfterRender(container: RefObject<HTMLElement | null>) {
  const pending = useRef<string | null>(null)
  useEffect(() => {
    if (!pending.current) return
    container.current?.querySelector<HTMLElement>(pending.current)?.focus()
    pending.current = null
  })
  return (selector: string) => {
    pending.current = selector
  }
}
