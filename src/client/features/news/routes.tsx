import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Mounted at /members/news (committee). The public page is the public feature's.
export const newsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./news-editor-page.tsx'),
      (m) => m.NewsEditorPage,
    ),
  },
]
