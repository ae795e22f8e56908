import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Setup, SetupStepId } from '#shared/schemas/setup'
import { api } from '../../lib/api.ts'
import { setupQuery } from './setup-query.ts'

export function useSkipStep() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, skipped }: { id: SetupStepId; skipped: boolean }) =>
      api<Setup>(`/api/setup/steps/${id}`, { method: 'PUT', json: { skipped } }),
    onSuccess: (setup) => client.setQueryData(setupQuery.queryKey, setup),
  })
}
