import { clear, createStore, del, entries, keys, set } from 'idb-keyval'
import { ApiError } from '#client/lib/api.ts'

// What is recorded on site is kept on the phone first (IndexedDB, which outlives a closed browser
// and a lost signal) and sent from there. A record leaves the phone only once the server has it;
// the id it carries makes a resend harmless. One outbox for every kind of record made on site
// (an inspection, a work party's attendance; decisions 29 and 66), so that signing out asks about
// all of them at once.

/** What a record made on site is: a plot's inspection, or a person's hours at a work party. */
export type OutboxKind = 'inspection' | 'attendance'

/** Every record kept carries the id the phone made and when it was made. */
export interface OutboxRecord {
  id: string
  recordedAt: string
}

export interface Waiting<R extends OutboxRecord = OutboxRecord> {
  /** Who recorded it: only their session sends it, so no one else's name goes on it. */
  userName: string
  /** None: an inspection, kept before there were two kinds. */
  kind?: OutboxKind
  record: R
  /** The photos as made smaller on the phone, in the order of record.photoIds. */
  photos: Blob[]
  /** The server's refusal of it, shown until it is removed by hand: never dropped silently. */
  refusal?: string
}

export const kindOf = (waiting: Waiting): OutboxKind => waiting.kind ?? 'inspection'

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

/** Everything waiting to send (of one kind, if given), oldest first. */
export async function waitingRecords<R extends OutboxRecord = OutboxRecord>(
  kind?: OutboxKind,
): Promise<Array<Waiting<R>>> {
  const all = await entries<string, Waiting<R>>(store)
  return all
    .map(([, waiting]) => waiting)
    .filter((waiting) => kind === undefined || kindOf(waiting) === kind)
    .sort((a, b) => a.record.recordedAt.localeCompare(b.record.recordedAt))
}

export async function keep<R extends OutboxRecord>(waiting: Waiting<R>): Promise<void> {
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
 * Sends what `userName` recorded (of one kind, if given) and waits, one record at a time, oldest
 * first, until the connection fails. Returns how many reached the server.
 */
export async function sendWaiting<R extends OutboxRecord = OutboxRecord>(
  userName: string,
  /** Sends one; it has reached the server when this resolves, and only then leaves the phone. */
  send: (waiting: Waiting<R>) => Promise<unknown>,
  kind?: OutboxKind,
): Promise<number> {
  let sent = 0
  for (const waiting of await waitingRecords<R>(kind)) {
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
