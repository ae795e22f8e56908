import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

export const signInRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: lazyPage(
      () => import('./login-page.tsx'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: 'register',
    lazy: lazyPage(
      () => import('./register-page.tsx'),
      (m) => m.RegisterPage,
    ),
  },
]

export const accountsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(
      () => import('./accounts-page.tsx'),
      (m) => m.AccountsPage,
    ),
  },
]
