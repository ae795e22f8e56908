import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Mounted at /members/account (level 1): every signed-in member manages their own sign-in here.
export const myAccountRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./my-account-page.tsx'),
      (m) => m.MyAccountPage,
    ),
  },
]
