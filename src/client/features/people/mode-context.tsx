import { createContext, useContext } from 'react'
import { Outlet } from 'react-router'
import type { PeopleMode } from './mode.ts'

// Both lists share one set of lazily loaded pages; the route tells them which list they are on.
const ModeContext = createContext<PeopleMode>('plotholders')

export function PeopleModeRoute({ mode }: { mode: PeopleMode }) {
  return (
    <ModeContext value={mode}>
      <Outlet />
    </ModeContext>
  )
}

export const usePeopleMode = () => useContext(ModeContext)
