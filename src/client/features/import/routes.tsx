import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Mounted at /members/import (administrator).
export const importRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./import-page.tsx'),
      (m) => m.ImportPage,
    ),
  },
]
