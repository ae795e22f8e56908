import { useCallback, useState } from 'react'

export type PlotsView = 'grid' | 'map'

// Spec section 2: the choice is remembered on the device under 'plotsView'; grid by default.
const STORAGE_KEY = 'plotsView'

function storedView(): PlotsView {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'map' ? 'map' : 'grid'
  } catch {
    // Storage can be refused (private modes, strict settings); the default still works.
    return 'grid'
  }
}

export function usePlotsView(): [PlotsView, () => void] {
  const [view, setView] = useState(storedView)
  const toggle = useCallback(() => {
    const next = view === 'grid' ? 'map' : 'grid'
    try {
      localStorage.setItem(STORAGE_KEY, next)
    } catch {
      // Not remembered, but the switch itself still happens.
    }
    setView(next)
  }, [view])
  return [view, toggle]
}
