import { queryOptions } from '@tanstack/react-query'
import type {
  Inspection,
  InspectionInput,
  InspectionSettings,
  NewRound,
  Notice,
  NoticesPreview,
  NoticesSent,
  Round,
  RoundDetail,
  RoundSummary,
  SiteInspectionSettings,
  StoredInspectionSettings,
} from '#shared/schemas/inspections'
import { api, uploadForm } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import type { Waiting } from '#client/lib/outbox.ts'

// Inspection rounds, a plot's record with its photos, and the administrator's settings. The
// lists take the chosen site's query ('?site=2', or '' for every site the viewer sees).
export const roundsQuery = (siteQuery: string) =>
  queryOptions({
    queryKey: [...queryKeys.inspections, 'rounds', siteQuery],
    queryFn: () => api<RoundSummary[]>(`/api/inspection-rounds${siteQuery}`),
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

/** A site's own standards, or null (the organisation's): decision 53. */
export const siteInspectionSettingsQuery = (siteId: number) =>
  queryOptions({
    queryKey: [...queryKeys.inspections, 'settings', 'site', siteId],
    queryFn: () => api<SiteInspectionSettings>(`/api/inspections/settings/sites/${siteId}`),
  })

export const saveSiteInspectionSettings = (siteId: number) => (settings: SiteInspectionSettings) =>
  api<SiteInspectionSettings>(`/api/inspections/settings/sites/${siteId}`, {
    method: 'PUT',
    json: settings,
  })

/** Sends one record kept on the phone, with its photos; a resend is answered with the record kept. */
export const sendInspection = ({ record, photos }: Waiting<InspectionInput>) =>
  api<Inspection>('/api/inspections', {
    method: 'POST',
    body: uploadForm(
      { inspection: JSON.stringify(record) },
      photos.map((photo, index) => new File([photo], `${record.photoIds[index]}.jpg`)),
      'photos',
    ),
  })

export const noticesQuery = (siteQuery: string) =>
  queryOptions({
    queryKey: [...queryKeys.inspections, 'notices', siteQuery],
    queryFn: () => api<Notice[]>(`/api/inspection-notices${siteQuery}`),
  })

/** What Send notices would do now: nothing is sent or changed (issue 44). */
export const previewNotices = (roundId: number) =>
  api<NoticesPreview>(`/api/inspection-rounds/${roundId}/notices/preview`)

/** Send notices, as the preview whose confirmation this is showed it. */
export const sendNotices = ({ roundId, confirmation }: { roundId: number; confirmation: string }) =>
  api<NoticesSent>(`/api/inspection-rounds/${roundId}/notices`, {
    method: 'POST',
    json: { confirmation },
  })

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
