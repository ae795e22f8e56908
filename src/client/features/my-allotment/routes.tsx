import type { RouteObject } from 'react-router'
import { lazyPage } from '../../lib/lazy-page.ts'
import { queryClient } from '../../lib/query-client.ts'
import { myAllotmentSections, myRecordQuery } from './api.ts'

// The member's record and sections start loading as soon as the address matches, alongside the
// page's code, as the people screens do: on a phone the page shows one round trip sooner. The
// server still picks the person from the session.
function prefetchMyAllotment() {
  void queryClient.prefetchQuery(myRecordQuery)
  for (const section of myAllotmentSections) void queryClient.prefetchQuery(section)
  return null
}

// Mounted at /members/me (level 1): every signed-in member's own plot, rent, details and letters.
export const myAllotmentRoutes: RouteObject[] = [
  {
    index: true,
    loader: prefetchMyAllotment,
    lazy: lazyPage(
      () => import('./my-allotment-page.tsx'),
      (m) => m.MyAllotmentPage,
    ),
  },
]
