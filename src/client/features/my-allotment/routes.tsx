import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Mounted at /members/me (level 1): every signed-in member's own plot, rent, details and letters.
export const myAllotmentRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./my-allotment-page.tsx'),
      (m) => m.MyAllotmentPage,
    ),
  },
]
