import type { ReactNode } from 'react'

// A save's outcome beside the button that saved ("The settings were saved." was 2,700 px above it,
// at the top of a long form). The status region is always there, empty until a save, so that a
// screen reader announces the words put into it.
export function SavedNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="saved-note">
      {children}
    </p>
  )
}
