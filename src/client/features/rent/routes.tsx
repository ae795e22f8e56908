import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

const screens = () => import('./screens.ts')

// Mounted at /members/rent (committee).
export const rentRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(screens, (m) => m.RentPage) },
  { path: 'invoices/:id', lazy: lazyPage(screens, (m) => m.InvoicePage) },
  { path: 'bank-lines', lazy: lazyPage(screens, (m) => m.BankLinesPage) },
  { path: 'accounts', lazy: lazyPage(screens, (m) => m.AccountsPage) },
]

// Mounted at /members/rent/settings (administrator).
export const rentSettingsRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(screens, (m) => m.RentSettingsPage) },
]
