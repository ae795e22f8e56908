import type { RouteObject } from 'react-router'
import { lazyPage } from '#client/lib/lazy-page.ts'

// Mounted at /members/sites (administrator).
export const sitesRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./sites-page.tsx'),
      (m) => m.SitesPage,
    ),
  },
]
