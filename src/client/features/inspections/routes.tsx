import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

const screens = () => import('./screens.ts')

// Mounted at /members/inspections (committee).
export const inspectionsRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(screens, (m) => m.InspectionsPage) },
  { path: ':id', lazy: lazyPage(screens, (m) => m.RoundPage) },
]

// Mounted at /members/inspections/settings (administrator).
export const inspectionSettingsRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(screens, (m) => m.InspectionSettingsPage) },
]
