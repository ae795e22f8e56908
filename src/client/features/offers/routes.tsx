import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

const screens = () => import('./screens.ts')

// Mounted at /members/offers (committee).
export const offersRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(screens, (m) => m.OffersPage) },
  { path: 'new', lazy: lazyPage(screens, (m) => m.NewOfferPage) },
]

// Mounted at /members/offers/settings (administrator).
export const lettingSettingsRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(screens, (m) => m.LettingSettingsPage) },
]
