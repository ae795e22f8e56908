import { api, ApiError } from '#client/lib/api.ts'
import { forgetOfflineData } from '#client/lib/offline.ts'
import { queryClient } from '#client/lib/query-client.ts'
import { storeViewer } from '#client/lib/session.ts'

// Signing out of a phone that may have no signal (issue 42). The session's cookie is HttpOnly:
// only the server can end it. So a sign-out is kept in localStorage until the server has heard
// it, and while it is kept the app shows nothing but the screen that says so (SignOutGate), on
// this page, on the next load, and in every other tab.

const PENDING = 'signing-out'
type Kind = 'here' | 'everywhere'

/** The sign-out the server has not yet heard: of this session, or of every session. */
export function pendingSignOut(): Kind | null {
  const kind = localStorage.getItem(PENDING)
  return kind === 'here' || kind === 'everywhere' ? kind : null
}

const listeners = new Set<() => void>()

/** Calls `listener` when a sign-out begins, in this tab or another; returns the way to stop. */
export function watchSignOut(listener: () => void): () => void {
  listeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

/** Signs out: at once nothing more is shown, and the server is told now or when it can be. */
export function beginSignOut(everywhere = false) {
  // Everywhere, once asked, is not narrowed by a later sign-out of this session.
  if (pendingSignOut() !== 'everywhere') {
    localStorage.setItem(PENDING, everywhere ? 'everywhere' : 'here')
  }
  listeners.forEach((listener) => listener())
}

// What the phone keeps of a session: the stored viewer, every answer in memory and the service
// worker's copies.
async function forgetSession() {
  storeViewer(null)
  queryClient.clear()
  await forgetOfflineData()
}

// False when no answer came (no signal, or a server down): the session may still be alive. Any
// answer means it is ended, or was already (a refusal: there was no session to end).
async function tellServer(kind: Kind): Promise<boolean> {
  try {
    if (kind === 'everywhere') await api('/api/auth/revoke-sessions', { method: 'POST', json: {} })
    await api('/api/auth/sign-out', { method: 'POST', json: {} })
    return true
  } catch (error) {
    return error instanceof ApiError && error.status > 0 && error.status < 500
  }
}

// The attempt under way, and the one asked for while it was: the signal may return (and ask
// again) while an attempt with none is still failing, and that asking must not be lost.
let finishing: Promise<boolean> | undefined
let next: Promise<boolean> | undefined

async function attemptSignOut(): Promise<boolean> {
  const kind = pendingSignOut()
  await forgetSession()
  if (!kind) return true
  const heard = await tellServer(kind)
  // Not announced: the screen that asked moves to the public site itself, and shows nothing of
  // the members area before it has gone.
  if (heard) localStorage.removeItem(PENDING)
  return heard
}

/**
 * Forgets the session on the phone and tells the server of the pending sign-out; true once the
 * server has heard it. One attempt at a time, however many ask; asked during an attempt that
 * then fails, one more follows it.
 */
export function finishSignOut(): Promise<boolean> {
  if (!finishing) {
    finishing = attemptSignOut().finally(() => (finishing = undefined))
    return finishing
  }
  next ??= finishing.then((heard) => {
    next = undefined
    return heard || finishSignOut()
  })
  return next
}

/**
 * Ends a session just begun, at the sign-in page, where the answer is awaited (the account may
 * not use the members area): there is a connection, and the page says why.
 */
export async function endSession() {
  await forgetSession()
  await tellServer('here')
}
