import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'
import { HomePage } from './home-page.tsx'

export const publicRoutes: RouteObject[] = [
  { index: true, Component: HomePage },
  {
    path: 'about',
    lazy: lazyPage(
      () => import('./about-page.tsx'),
      (m) => m.AboutPage,
    ),
  },
  {
    path: 'privacy',
    lazy: lazyPage(
      () => import('./privacy-page.tsx'),
      (m) => m.PrivacyPage,
    ),
  },
  {
    path: 'news',
    lazy: lazyPage(
      () => import('./news-page.tsx'),
      (m) => m.NewsPage,
    ),
  },
  {
    path: 'sites',
    lazy: lazyPage(
      () => import('./our-sites-page.tsx'),
      (m) => m.OurSitesPage,
    ),
  },
]
