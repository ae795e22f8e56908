import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Public pages: signing in, registering for an account, a forgotten password, and joining
// through an invitation.
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
  {
    path: 'forgotten-password',
    lazy: lazyPage(
      () => import('./forgotten-password-page.tsx'),
      (m) => m.ForgottenPasswordPage,
    ),
  },
  {
    path: 'reset-password',
    lazy: lazyPage(
      () => import('./reset-password-page.tsx'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: 'join',
    lazy: lazyPage(
      () => import('./join-page.tsx'),
      (m) => m.JoinPage,
    ),
  },
]
