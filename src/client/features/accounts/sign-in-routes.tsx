import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Public pages: signing in and registering for an account.
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
