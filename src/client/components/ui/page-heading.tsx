import { useEffect, type ReactNode } from 'react'

// Sets the document title too, so each screen is announced and bookmarked by its name.
export function PageHeading({ children, title }: { children: ReactNode; title?: string }) {
  const text = title ?? (typeof children === 'string' ? children : undefined)
  useEffect(() => {
    if (text) document.title = `${text} · Allotment Association`
  }, [text])
  return <h1>{children}</h1>
}
