import { useCallback, useEffect, useState } from 'react'
import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useOnline } from '#client/lib/online.ts'
import { useViewer } from '#client/lib/session.ts'
import {
  kindOf,
  sendWaiting,
  waitingRecords,
  watchOutbox,
  type OutboxChange,
  type OutboxKind,
  type OutboxRecord,
  type Waiting,
} from '#client/lib/outbox.ts'

/** The list after one change: a record kept in its place (or added), or one taken out. */
function applied<R extends OutboxRecord>(
  list: Array<Waiting<R>>,
  change: OutboxChange,
  kind: OutboxKind,
): Array<Waiting<R>> {
  if ('forgotten' in change) return list.filter((item) => item.record.id !== change.forgotten)
  const kept = change.kept as Waiting<R>
  if (kindOf(kept) !== kind) return list
  const at = list.findIndex((item) => item.record.id === kept.record.id)
  return at < 0 ? [...list, kept] : list.with(at, kept)
}

// One send at a time of each kind across every screen of the page: two would post the same record
// twice (harmless, but wasteful on a weak signal).
const sending = new Map<OutboxKind, Promise<number>>()

/**
 * What of one kind waits on the phone to be sent, sent whenever it can be: when the screen opens,
 * after each record kept, and when the connection returns. `sendOne` sends a record (and may show
 * it on screen before it leaves the phone); `refreshes` is fetched afresh after any were sent.
 */
export function useOutbox<R extends OutboxRecord>(
  kind: OutboxKind,
  sendOne: (waiting: Waiting<R>) => Promise<unknown>,
  refreshes: QueryKey,
) {
  const client = useQueryClient()
  const [waiting, setWaiting] = useState<Array<Waiting<R>>>([])
  const isOnline = useOnline()
  const userName = useViewer().data?.userName ?? ''

  const send = useCallback(async () => {
    // With no signal there is nothing to try: the connection's return starts the next send.
    if (!userName || !navigator.onLine) return
    let run = sending.get(kind)
    if (!run) {
      run = sendWaiting(userName, sendOne, kind).finally(() => sending.delete(kind))
      sending.set(kind, run)
    }
    const sent = await run
    if (sent > 0) await client.invalidateQueries({ queryKey: refreshes })
  }, [client, userName, kind, sendOne, refreshes])

  useEffect(() => {
    let live = true
    void waitingRecords<R>(kind).then((found) => live && setWaiting(found))
    const stop = watchOutbox((change) => setWaiting((list) => applied(list, change, kind)))
    return () => {
      live = false
      stop()
    }
  }, [kind])

  useEffect(() => {
    if (isOnline) void send()
  }, [isOnline, send])

  return {
    /** The signed-in member's records on this phone. */
    waiting: waiting.filter((item) => item.userName === userName),
    /** Records another member made on this phone: sent when they sign in on it again. */
    othersWaiting: waiting.filter((item) => item.userName !== userName).length,
    isOnline,
    send,
    userName,
  }
}

export type Outbox<R extends OutboxRecord> = ReturnType<typeof useOutbox<R>>
