import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

const screens = () => import('./screens.ts')

// Mounted at /members/rent (committee).
export const rentRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(screens, (m) => m.RentPage) },
  { path: 'invoices/:id', lazy: lazyPage(screens, (m) => m.InvoicePage) },
]

// Mounted at /members/rent/settings (administrator).
export const rentSettingsRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(screens, (m) => m.RentSettingsPage) },
]
