import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Public pages: apply for a plot, confirm the e-mail address, and look up one's place on the list.
export const applyRoutes: RouteObject[] = [
  { path: 'apply', lazy: lazyPage(() => import('./apply-page.tsx'), (m) => m.ApplyPage) },
  { path: 'apply/confirm', lazy: lazyPage(() => import('./confirm-page.tsx'), (m) => m.ConfirmPage) },
  { path: 'apply/position', lazy: lazyPage(() => import('./position-page.tsx'), (m) => m.PositionPage) },
]
