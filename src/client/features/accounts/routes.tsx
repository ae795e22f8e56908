import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

export const accountsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./accounts-page.tsx'),
      (m) => m.AccountsPage,
    ),
  },
]
