import { StrictMode, startTransition, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router'
import { queryClient } from '../lib/query-client.ts'
import { routePattern } from '../lib/route-pattern.ts'
import { startWebVitals } from '../lib/web-vitals.ts'
import { SignOutGate } from './sign-out-gate.tsx'
import '../styles.css'

// Both halves of the site start the same way: one router over their own routes, the shared query
// cache, and the page-speed readings named by route pattern; and neither shows a page while a
// sign-out waits for the server.
export function startApp(routes: RouteObject[]) {
  const root = createRoot(document.getElementById('root')!)
  // A transition lets React split the first render into short tasks, so a phone's main thread is
  // never blocked for long (Lighthouse's total blocking time fell by a third to a half).
  startTransition(() =>
    root.render(
      <StrictMode>
        <SignOutGate>
          <App routes={routes} />
        </SignOutGate>
      </StrictMode>,
    ),
  )
  startWebVitals((pathname) => routePattern(routes, pathname))
}

function App({ routes }: { routes: RouteObject[] }) {
  // Made once the gate lets the app show: a router starts its page's loaders, and their requests
  // must not go before a pending sign-out.
  const [router] = useState(() => createBrowserRouter(routes))
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  )
}
