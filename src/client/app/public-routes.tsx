import type { RouteObject } from 'react-router'
import { PublicLayout } from './public-layout.tsx'
import { RouteError } from './route-error.tsx'
import { LoadWholePage } from './load-whole-page.tsx'
import { publicRoutes } from '../features/public/routes.tsx'
import { contactRoutes } from '../features/contact/routes.tsx'
import { applyRoutes } from '../features/apply/routes.tsx'
import { signInRoutes } from '../features/accounts/sign-in-routes.tsx'

// The public site: what anyone may read or send, with no members code. The members area is the
// other app, loaded as a whole page.
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [...publicRoutes, ...contactRoutes, ...applyRoutes, ...signInRoutes],
  },
  { path: '/members/*', element: <LoadWholePage from="public" /> },
]
