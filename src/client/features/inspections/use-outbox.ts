import { useCallback, useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useOnline } from '../../lib/online.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useViewer } from '../../lib/session.ts'
import { roundQuery, sendInspection } from './api.ts'
import {
  sendWaiting,
  waitingRecords,
  watchOutbox,
  type OutboxChange,
  type Waiting,
} from './outbox.ts'

/** The list after one change: a record kept in its place (or added), or one taken out. */
function applied(list: Waiting[], change: OutboxChange): Waiting[] {
  if ('forgotten' in change) return list.filter((item) => item.record.id !== change.forgotten)
  const { kept } = change
  const at = list.findIndex((item) => item.record.id === kept.record.id)
  return at < 0 ? [...list, kept] : list.with(at, kept)
}

// One send at a time across every screen of the page: two would post the same record twice
// (harmless, but wasteful on a weak signal).
let sending: Promise<number> | undefined

/**
 * What waits on the phone to be sent, sent whenever it can be: when the screen opens, after each
 * record kept, and when the connection returns.
 */
export function useOutbox() {
  const client = useQueryClient()
  const [waiting, setWaiting] = useState<Waiting[]>([])
  const isOnline = useOnline()
  const userName = useViewer().data?.userName ?? ''

  const send = useCallback(async () => {
    // With no signal there is nothing to try: the connection's return starts the next send.
    if (!userName || !navigator.onLine) return
    // Each record the server kept joins its round on screen before it leaves the phone, so that
    // it is never shown neither waiting nor sent.
    const sendAndShow = async (waiting: Waiting) => {
      const kept = await sendInspection(waiting)
      client.setQueryData(roundQuery(kept.roundId).queryKey, (round) =>
        round && !round.inspections.some((record) => record.id === kept.id)
          ? { ...round, inspections: [...round.inspections, kept] }
          : round,
      )
    }
    sending ??= sendWaiting(userName, sendAndShow).finally(() => (sending = undefined))
    const sent = await sending
    if (sent > 0) await client.invalidateQueries({ queryKey: queryKeys.inspections })
  }, [client, userName])

  useEffect(() => {
    let live = true
    void waitingRecords().then((found) => live && setWaiting(found))
    const stop = watchOutbox((change) => setWaiting((list) => applied(list, change)))
    return () => {
      live = false
      stop()
    }
  }, [])

  useEffect(() => {
    if (isOnline) void send()
  }, [isOnline, send])

  return {
    /** The signed-in inspector's records on this phone. */
    waiting: waiting.filter((item) => item.userName === userName),
    /** Records another inspector made on this phone: sent when they sign in on it again. */
    othersWaiting: waiting.filter((item) => item.userName !== userName).length,
    isOnline,
    send,
    userName,
  }
}
