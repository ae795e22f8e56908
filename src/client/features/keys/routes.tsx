import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

export const keysRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./keys-page.tsx'),
      (m) => m.KeysPage,
    ),
  },
]
