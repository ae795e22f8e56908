import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Mounted at /members/site-map (administrator).
export const siteMapRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./site-map-page.tsx'),
      (m) => m.SiteMapPage,
    ),
  },
]
