import { queryOptions } from '@tanstack/react-query'
import type { PrivacySettings } from '#shared/schemas/privacy'
import { api } from './api.ts'
import { queryKeys } from './query-keys.ts'

// What the association tells the public about their data: the privacy notice the administrator
// wrote (beside the application form's consent, and on the privacy page), and how long each kind
// of data is kept (the privacy settings' periods).

export const privacyNoticeQuery = queryOptions({
  queryKey: [...queryKeys.apply, 'privacy-notice'],
  queryFn: () =>
    api<{ privacyNotice: string; sitesPerApplicant: number }>('/api/apply/privacy-notice'),
})

export const retentionPeriodsQuery = queryOptions({
  queryKey: [...queryKeys.privacy, 'periods'],
  queryFn: () => api<PrivacySettings>('/api/privacy'),
})
