import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Mounted at /members/privacy (committee): who and what is due for erasure.
export const privacyRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./due-page.tsx'),
      (m) => m.DueForErasurePage,
    ),
  },
]

// Mounted at /members/privacy/settings (administrator): the periods.
export const privacySettingsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./privacy-settings-page.tsx'),
      (m) => m.PrivacySettingsPage,
    ),
  },
]
