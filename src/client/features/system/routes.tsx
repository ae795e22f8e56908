import type { RouteObject } from 'react-router'
import { lazyPage } from '#client/lib/lazy-page.ts'

// Mounted at /members/system (administrator).
export const systemRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./system-page.tsx'),
      (m) => m.SystemPage,
    ),
  },
]
