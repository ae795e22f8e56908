import { queryOptions } from '@tanstack/react-query'
import type { DueForErasure, PrivacySettings, StoredPrivacySettings } from '#shared/schemas/privacy'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'

// Retention (issue 30): the administrator's periods, and the committee's list of who and what
// is due for erasure, with holds.

export const privacySettingsQuery = queryOptions({
  queryKey: [...queryKeys.privacy, 'settings'],
  queryFn: () => api<StoredPrivacySettings>('/api/privacy/settings'),
})

export const savePrivacySettings = (settings: PrivacySettings & { version: number }) =>
  api<StoredPrivacySettings>('/api/privacy/settings', { method: 'PUT', json: settings })

export const dueForErasureQuery = queryOptions({
  queryKey: [...queryKeys.privacy, 'due'],
  queryFn: () => api<DueForErasure>('/api/privacy/due'),
})

const hold = (input: { personId: string; reason: string }) =>
  api<{ personId: string }>('/api/privacy/holds', { method: 'POST', json: input })

const release = (personId: string) =>
  api<{ personId: string }>(`/api/privacy/holds/${encodeURIComponent(personId)}`, {
    method: 'DELETE',
  })

// A hold is logged against the person: their page's log refreshes too.
const changedByHolds = [queryKeys.privacy, queryKeys.people]

export const useHold = () => useChange({ mutationFn: hold, invalidates: changedByHolds })
export const useRelease = () => useChange({ mutationFn: release, invalidates: changedByHolds })
