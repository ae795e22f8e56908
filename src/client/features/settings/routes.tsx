import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Mounted at /members/settings (administrator).
export const settingsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./settings-page.tsx'),
      (m) => m.SettingsPage,
    ),
  },
]
