import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Mounted at /members/land (level 2); uploading and editing show from level 3.
export const landRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./land-page.tsx'),
      (m) => m.LandPage,
    ),
  },
]
