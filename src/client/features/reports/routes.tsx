import type { RouteObject } from 'react-router'
import { lazyPage } from '#client/lib/lazy-page.ts'

// Mounted at /members/reports (committee).
export const reportsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./council-report-page.tsx'),
      (m) => m.CouncilReportPage,
    ),
  },
]
