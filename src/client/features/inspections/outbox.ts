import { clear, createStore, del, entries, keys, set } from 'idb-keyval'
import type { InspectionInput } from '#shared/schemas/inspections'
import { ApiError } from '../../lib/api.ts'

// What is recorded on site is kept on the phone first (IndexedDB, which outlives a closed browser
// and a lost signal) and sent from there. A record leaves the phone only once the server has it;
// the id it carries makes a resend harmless.

export interface Waiting {
  /** Who recorded it: only their session sends it, so no one else's name goes on it. */
  userName: string
  record: InspectionInput
  /** The photos as made smaller on the phone, in the order of record.photoIds. */
  photos: Blob[]
  /** The server's refusal of it, shown until it is removed by hand: never dropped silently. */
  refusal?: string
}

/** One change to the outbox: a record kept (new, or with its refusal), or one gone. */
export type OutboxChange = { kept: Waiting } | { forgotten: string }

const store = createStore('allotment-inspections', 'outbox')
const listeners = new Set<(change: OutboxChange) => void>()
const changed = (change: OutboxChange) => listeners.forEach((listener) => listener(change))

/**
 * Calls `listener` with each change to the outbox (the records as kept, the same objects, so
 * that a screen redraws only what changed); returns the way to stop.
 */
export function watchOutbox(listener: (change: OutboxChange) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Everything waiting to send, oldest first. */
export async function waitingRecords(): Promise<Waiting[]> {
  const all = await entries<string, Waiting>(store)
  return all
    .map(([, waiting]) => waiting)
    .sort((a, b) => a.record.recordedAt.localeCompare(b.record.recordedAt))
}

export async function keep(waiting: Waiting): Promise<void> {
  await set(waiting.record.id, waiting, store)
  changed({ kept: waiting })
}

export async function forget(id: string): Promise<void> {
  await del(id, store)
  changed({ forgotten: id })
}

/** Empties the phone of every record waiting, whoever made it: a sign-out leaves none behind. */
export async function forgetAll(): Promise<void> {
  const ids = await keys<string>(store)
  await clear(store)
  ids.forEach((id) => changed({ forgotten: id }))
}

// A refusal the next attempt would get again; anything else (no connection, a server restarting,
// a session to sign in again) leaves the record to be sent later.
const refusedForGood = (failure: unknown) =>
  failure instanceof ApiError && [400, 404, 409, 413, 415, 422].includes(failure.status)

/**
 * Sends what `userName` recorded and waits, one record at a time, oldest first, until the
 * connection fails. Returns how many reached the server.
 */
export async function sendWaiting(
  userName: string,
  /** Sends one; it has reached the server when this resolves, and only then leaves the phone. */
  send: (waiting: Waiting) => Promise<unknown>,
): Promise<number> {
  let sent = 0
  for (const waiting of await waitingRecords()) {
    if (waiting.refusal || waiting.userName !== userName) continue
    try {
      await send(waiting)
      await forget(waiting.record.id)
      sent++
    } catch (failure) {
      if (!refusedForGood(failure)) break
      await keep({ ...waiting, refusal: (failure as ApiError).detail })
    }
  }
  return sent
}
