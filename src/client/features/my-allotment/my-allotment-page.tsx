import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { myRecordQuery } from './api.ts'
import { MyDetailsForm } from './my-details-form.tsx'
import { MyMessages } from './my-messages.tsx'
import { MyPlots } from './my-plots.tsx'
import { MyRent } from './my-rent.tsx'
import './my-allotment.css'

// Only for those on the waiting list, with the offers' words: loaded apart.
const MyWaitingList = lazy(() =>
  import('./my-waiting-list.tsx').then((m) => ({ default: m.MyWaitingList })),
)

// A member's own page: what they would otherwise ask a volunteer. The record comes first; an
// account linked to no one gets the server's reason instead of empty sections.
export function MyAllotmentPage() {
  const record = useQuery(myRecordQuery)
  return (
    <section className="my-allotment">
      <PageHeading>My allotment</PageHeading>
      <QueryState query={record}>
        {({ person, place }) => (
          <>
            {person.onWaitingList ? (
              <Suspense fallback={null}>
                <MyWaitingList place={place} />
              </Suspense>
            ) : null}
            {person.isPlotHolder ? <MyPlots /> : null}
            <MyRent />
            <MyDetailsForm person={person} />
            <MyMessages />
          </>
        )}
      </QueryState>
    </section>
  )
}
