import { queryOptions } from '@tanstack/react-query'
import type {
  Calendar,
  CalendarEvent,
  Coming,
  EventInput,
  EventUpdate,
} from '#shared/schemas/calendar'
import { monthRange } from '#shared/domain/calendar'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

// Under the calendar's key: a change to an event refreshes every month on screen. The rent,
// letting and inspection dates are read with it, so their own changes are seen on the next load.
export const monthQuery = (month: string, site: number | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.calendar, 'month', month, site ?? 'all'],
    queryFn: () => {
      const { from, to } = monthRange(month)
      const siteQuery = site === undefined ? '' : `&site=${site}`
      return api<Calendar>(`/api/calendar?from=${from}&to=${to}${siteQuery}`)
    },
  })

export const calendarAddressQuery = queryOptions({
  queryKey: [...queryKeys.calendar, 'address'],
  queryFn: () => api<{ madeAt: string | null }>('/api/me/calendar-address'),
})

export const createEvent = (event: EventInput) =>
  api<CalendarEvent>('/api/calendar/events', { method: 'POST', json: event })

export const updateEvent = (id: number, event: EventUpdate) =>
  api<CalendarEvent>(`/api/calendar/events/${id}`, { method: 'PUT', json: event })

export const deleteEvent = (id: number) =>
  api<void>(`/api/calendar/events/${id}`, { method: 'DELETE' })

/** "I'll come" (true), or "I can't come after all" (false). */
export const sayComing = (id: number, coming: boolean) =>
  api<Coming>(`/api/calendar/events/${id}/coming`, { method: coming ? 'PUT' : 'DELETE' })

export const makeCalendarAddress = () =>
  api<{ url: string; madeAt: string }>('/api/me/calendar-address', { method: 'POST' })
