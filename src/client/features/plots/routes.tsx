import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Mounted at /members/plots for level 2 and up; new and addTenants check for level 3 inside.
export const plotsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./plots-page.tsx'),
      (m) => m.PlotsPage,
    ),
  },
  {
    path: 'new',
    lazy: lazyPage(
      () => import('./new-plot-page.tsx'),
      (m) => m.NewPlotPage,
    ),
  },
  {
    path: ':id',
    lazy: lazyPage(
      () => import('./plot-page.tsx'),
      (m) => m.PlotPage,
    ),
  },
  {
    path: ':id/addTenants',
    lazy: lazyPage(
      () => import('./add-tenants-page.tsx'),
      (m) => m.AddTenantsPage,
    ),
  },
]
