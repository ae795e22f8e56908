import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

export const mapRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./map-page.tsx'),
      (m) => m.MapPage,
    ),
  },
]
