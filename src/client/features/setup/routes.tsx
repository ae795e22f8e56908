import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Mounted at /members/setup (administrator).
export const setupRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./setup-page.tsx'),
      (m) => m.SetupPage,
    ),
  },
]
