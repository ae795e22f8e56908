import type { RouteObject } from 'react-router'
import { lazyPage } from '#client/lib/lazy-page.ts'

// Mounted at /members/calendar (every member; the committee writes the events).
export const calendarRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./calendar-page.tsx'),
      (m) => m.CalendarPage,
    ),
  },
]
