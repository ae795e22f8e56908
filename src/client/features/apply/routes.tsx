import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Public pages: apply for a plot, confirm the e-mail address, look up one's place on the list, and
// answer an offer of a plot or the yearly question by the link of its e-mail.
export const applyRoutes: RouteObject[] = [
  {
    path: 'apply',
    lazy: lazyPage(
      () => import('./apply-page.tsx'),
      (m) => m.ApplyPage,
    ),
  },
  {
    path: 'apply/confirm',
    lazy: lazyPage(
      () => import('./confirm-page.tsx'),
      (m) => m.ConfirmPage,
    ),
  },
  {
    path: 'apply/position',
    lazy: lazyPage(
      () => import('./position-page.tsx'),
      (m) => m.PositionPage,
    ),
  },
  {
    path: 'letting/answer',
    lazy: lazyPage(
      () => import('./answer-page.tsx'),
      (m) => m.AnswerPage,
    ),
  },
]
