import type { ReactNode } from 'react'

// Messages the user must hear at once (errors, refusals) are announced by screen readers.
export function Alert({
  children,
  tone = 'error',
}: {
  children: ReactNode
  tone?: 'error' | 'success' | 'info'
}) {
  if (!children) return null
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`alert alert--${tone}`}>
      {children}
    </div>
  )
}
