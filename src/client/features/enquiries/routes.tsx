import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

export const enquiriesRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./enquiries-page.tsx'),
      (m) => m.EnquiriesPage,
    ),
  },
]
