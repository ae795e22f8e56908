import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'

// The members area's service worker and the caches it keeps (decision 29), named once: the
// build writes the worker with these names, and signing in and out empty them.
export const OFFLINE_CACHES = { data: 'members-data', pictures: 'members-pictures' } as const

/**
 * Registers the members' service worker, which keeps the offline screens and the data they were
 * last shown with. Only the screens used on site call it: the public site, and a plot holder who
 * never walks a round, carry none of it. The first time it takes charge of the page, what is on
 * screen is fetched again through it, so that it has a copy before the signal goes.
 */
export function useOfflineScreens() {
  const client = useQueryClient()
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const { serviceWorker } = navigator
    const refetch = () => void client.refetchQueries({ type: 'active' })
    serviceWorker.addEventListener('controllerchange', refetch)
    serviceWorker.register('/members-sw.js', { scope: '/members/' }).catch(() => undefined)
    return () => serviceWorker.removeEventListener('controllerchange', refetch)
  }, [client])
}

/**
 * No one's answers stay on the phone for the next person to read offline: emptied when a session
 * begins (one that ended without signing out left its own) and when it is signed out.
 */
export async function forgetOfflineData() {
  if (!('caches' in globalThis)) return
  await Promise.all(
    Object.values(OFFLINE_CACHES).map((name) => caches.delete(name).catch(() => false)),
  )
}
