import { useQuery } from '@tanstack/react-query'
import type { Viewer } from '#shared/schemas/account'
import { api, ApiError } from './api.ts'
import { queryKeys } from './query-keys.ts'
import { forgetOfflineData } from './offline.ts'

export type { Viewer }

// The spec keeps the signed-in user in localStorage under 'guest'. It only speeds up the first
// paint; the server reads the level from the session for every request.
const GUEST_KEY = 'guest'

export function storedViewer(): Viewer | null {
  try {
    const raw = localStorage.getItem(GUEST_KEY)
    return raw ? (JSON.parse(raw) as Viewer) : null
  } catch {
    return null
  }
}

export function storeViewer(viewer: Viewer | null) {
  if (viewer) localStorage.setItem(GUEST_KEY, JSON.stringify(viewer))
  else localStorage.removeItem(GUEST_KEY)
}

/** My account: every level has it, and a viewer who must change their password sees only it. */
export const MY_ACCOUNT_PATH = '/members/account'

/** My allotment (issue 29): a member's own plot, rent, details and letters. */
export const MY_ALLOTMENT_PATH = '/members/me'

export async function fetchViewer(): Promise<Viewer | null> {
  try {
    const viewer = await api<Viewer>('/api/me')
    storeViewer(viewer)
    return viewer
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      storeViewer(null)
      return null
    }
    throw error
  }
}

export function useViewer() {
  const stored = storedViewer()
  return useQuery({
    queryKey: queryKeys.viewer,
    queryFn: fetchViewer,
    ...(stored ? { placeholderData: stored } : {}),
    staleTime: 60_000,
  })
}

export async function signIn(username: string, password: string) {
  await api('/api/auth/sign-in/username', { method: 'POST', json: { username, password } })
  // A session that ended without signing out (timed out, or ended elsewhere) left its answers.
  await forgetOfflineData()
}
