import { queryOptions } from '@tanstack/react-query'
import type {
  Inspection,
  InspectionSettings,
  NewRound,
  Notice,
  NoticesSent,
  Round,
  RoundDetail,
  RoundSummary,
  StoredInspectionSettings,
} from '#shared/schemas/inspections'
import { api, uploadForm } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import type { Waiting } from './outbox.ts'

// Inspection rounds, a plot's record with its photos, and the administrator's settings.
export const roundsQuery = queryOptions({
  queryKey: [...queryKeys.inspections, 'rounds'],
  queryFn: () => api<RoundSummary[]>('/api/inspection-rounds'),
})

export const roundQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.inspections, 'round', id],
    queryFn: () => api<RoundDetail>(`/api/inspection-rounds/${id}`),
  })

export const inspectionSettingsQuery = queryOptions({
  queryKey: [...queryKeys.inspections, 'settings'],
  queryFn: () => api<StoredInspectionSettings>('/api/inspections/settings'),
})

export const startRound = (round: NewRound) =>
  api<Round>('/api/inspection-rounds', { method: 'POST', json: round })

export const saveInspectionSettings = (settings: InspectionSettings & { version: number }) =>
  api<StoredInspectionSettings>('/api/inspections/settings', { method: 'PUT', json: settings })

/** Sends one record kept on the phone, with its photos; a resend is answered with the record kept. */
export const sendInspection = ({ record, photos }: Waiting) =>
  api<Inspection>('/api/inspections', {
    method: 'POST',
    body: uploadForm(
      { inspection: JSON.stringify(record) },
      photos.map((photo, index) => new File([photo], `${record.photoIds[index]}.jpg`)),
      'photos',
    ),
  })

export const noticesQuery = queryOptions({
  queryKey: [...queryKeys.inspections, 'notices'],
  queryFn: () => api<Notice[]>('/api/inspection-notices'),
})

export const sendNotices = (roundId: number) =>
  api<NoticesSent>(`/api/inspection-rounds/${roundId}/notices`, { method: 'POST' })

export const pauseNotice = ({ id, reason }: { id: number; reason: string }) =>
  api<Notice>(`/api/inspection-notices/${id}/pause`, { method: 'POST', json: { reason } })

export const resumeNotice = (id: number) =>
  api<Notice>(`/api/inspection-notices/${id}/resume`, { method: 'POST' })

/**
 * What notices change, for useChange to refresh: the notices and rounds, the messages sent, and
 * the plots and people (a notice to quit ends a tenancy).
 */
export const changedByNotices = [
  queryKeys.inspections,
  queryKeys.messages,
  queryKeys.plots,
  queryKeys.people,
]
