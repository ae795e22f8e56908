import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

export const contactRoutes: RouteObject[] = [
  {
    path: 'contact',
    lazy: lazyPage(
      () => import('./contact-page.tsx'),
      (m) => m.ContactPage,
    ),
  },
]
