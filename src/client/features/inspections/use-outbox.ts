import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '../../lib/query-keys.ts'
import { useViewer } from '../../lib/session.ts'
import { sendInspection } from './api.ts'
import { sendWaiting, waitingRecords, watchOutbox, type Waiting } from './outbox.ts'

const online = {
  subscribe(listener: () => void) {
    window.addEventListener('online', listener)
    window.addEventListener('offline', listener)
    return () => {
      window.removeEventListener('online', listener)
      window.removeEventListener('offline', listener)
    }
  },
  now: () => navigator.onLine,
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
  const isOnline = useSyncExternalStore(online.subscribe, online.now)
  const userName = useViewer().data?.userName ?? ''

  const send = useCallback(async () => {
    if (!userName) return
    sending ??= sendWaiting(userName, sendInspection).finally(() => (sending = undefined))
    const sent = await sending
    if (sent > 0) await client.invalidateQueries({ queryKey: queryKeys.inspections })
  }, [client, userName])

  useEffect(() => {
    let live = true
    const read = () => void waitingRecords().then((found) => live && setWaiting(found))
    read()
    const stop = watchOutbox(read)
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
