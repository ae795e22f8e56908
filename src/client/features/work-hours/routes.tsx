import type { RouteObject } from 'react-router'
import { lazyPage } from '#client/lib/lazy-page.ts'

// Mounted at /members/work-hours (the committee): who is short and the settings; a work party's
// register, which opens with no signal once opened with it (decision 66).
export const workHoursRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./screens.ts'),
      (m) => m.WorkHoursPage,
    ),
  },
  {
    path: 'events/:id',
    lazy: lazyPage(
      () => import('./screens.ts'),
      (m) => m.RegisterPage,
    ),
  },
]
