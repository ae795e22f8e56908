import { useCallback } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { InspectionInput } from '#shared/schemas/inspections'
import type { Waiting } from '#client/lib/outbox.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { useOutbox } from '#client/lib/use-outbox.ts'
import { roundQuery, sendInspection } from './api.ts'

/** The inspector's records waiting on the phone, sent whenever they can be (decision 29). */
export function useInspectionOutbox() {
  const client = useQueryClient()
  // Each record the server kept joins its round on screen before it leaves the phone, so that it
  // is never shown neither waiting nor sent.
  const sendAndShow = useCallback(
    async (waiting: Waiting<InspectionInput>) => {
      const kept = await sendInspection(waiting)
      client.setQueryData(roundQuery(kept.roundId).queryKey, (round) =>
        round && !round.inspections.some((record) => record.id === kept.id)
          ? { ...round, inspections: [...round.inspections, kept] }
          : round,
      )
    },
    [client],
  )
  return useOutbox('inspection', sendAndShow, queryKeys.inspections)
}
