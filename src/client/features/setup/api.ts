import type { Setup, SetupStepId } from '#shared/schemas/setup'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'

export const useSkipStep = () =>
  useChange({
    mutationFn: ({ id, skipped }: { id: SetupStepId; skipped: boolean }) =>
      api<Setup>(`/api/setup/steps/${id}`, { method: 'PUT', json: { skipped } }),
    invalidates: [queryKeys.setup],
  })
