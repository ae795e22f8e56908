import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'

// Public pages: signing in, registering for an account, a forgotten password, joining through an
// invitation, and a member's or an account's new e-mail address confirmed.
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
  {
    path: 'confirm-email',
    lazy: lazyPage(
      () => import('./confirm-email-page.tsx'),
      (m) => m.ConfirmEmailPage,
    ),
  },
  {
    path: 'confirm-account-email',
    lazy: lazyPage(
      () => import('./confirm-account-email-page.tsx'),
      (m) => m.ConfirmAccountEmailPage,
    ),
  },
]
