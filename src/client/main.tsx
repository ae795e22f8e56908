import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router'
import { queryClient } from './lib/query-client.ts'
import { router, routes } from './app/router.tsx'
import { routePattern } from './lib/route-pattern.ts'
import { startWebVitals } from './lib/web-vitals.ts'
import './styles.css'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)

startWebVitals((pathname) => routePattern(routes, pathname))
