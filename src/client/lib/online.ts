import { useSyncExternalStore } from 'react'

function subscribe(listener: () => void) {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** Whether the browser has a connection, as it says so and says when that changes. */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine)
