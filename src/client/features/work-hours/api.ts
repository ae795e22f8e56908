import { queryOptions } from '@tanstack/react-query'
import type {
  Attendance,
  AttendanceInput,
  Register,
  ShortList,
  SiteWorkHours,
  StoredWorkHours,
} from '#shared/schemas/work-hours'
import { api } from '#client/lib/api.ts'
import type { Waiting } from '#client/lib/outbox.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

// Work hours (decision 66): a work party's register, the committee's list of who is short and
// the settings, under one key, so that a record sent refreshes every one of them.

export const registerQuery = (eventId: number) =>
  queryOptions({
    queryKey: [...queryKeys.workHours, 'register', eventId],
    queryFn: () => api<Register>(`/api/work-hours/events/${eventId}`),
  })

export const shortListQuery = (site: number | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.workHours, 'short', site ?? 'all'],
    queryFn: () =>
      api<ShortList>(`/api/work-hours/short${site === undefined ? '' : `?site=${site}`}`),
  })

export const settingsQuery = queryOptions({
  queryKey: [...queryKeys.workHours, 'settings'],
  queryFn: () => api<StoredWorkHours>('/api/work-hours/settings'),
})

export const siteSettingsQuery = (siteId: number) =>
  queryOptions({
    queryKey: [...queryKeys.workHours, 'settings', siteId],
    queryFn: () => api<SiteWorkHours>(`/api/work-hours/settings/sites/${siteId}`),
  })

export const saveSettings = (settings: StoredWorkHours) =>
  api<StoredWorkHours>('/api/work-hours/settings', { method: 'PUT', json: settings })

export const saveSiteSettings = (siteId: number) => (settings: SiteWorkHours) =>
  api<SiteWorkHours>(`/api/work-hours/settings/sites/${siteId}`, {
    method: 'PUT',
    json: settings,
  })

/** Sends one person's hours kept on the phone; a resend is answered with the record kept. */
export const sendAttendance = ({ record }: Waiting<AttendanceInput>) =>
  api<Attendance>('/api/work-hours/attendance', { method: 'POST', json: record })
