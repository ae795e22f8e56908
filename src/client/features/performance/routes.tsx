import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Mounted at /members/performance (level 4).
export const performanceRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./performance-page.tsx'),
      (m) => m.PerformancePage,
    ),
  },
]
