import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Mounted at /members/messages (committee).
export const messagesRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./messages-page.tsx'),
      (m) => m.MessagesPage,
    ),
  },
  {
    path: ':id',
    lazy: lazyPage(
      () => import('./message-page.tsx'),
      (m) => m.MessagePage,
    ),
  },
]
