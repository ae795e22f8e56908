import { lazy, Suspense, useDeferredValue } from 'react'
import { useQueries, useQuery } from '@tanstack/react-query'
import { PageHeading } from '../../components/ui/page-heading.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { myAllotmentSections, myRecordQuery } from './api.ts'
import { MyDetailsForm } from './my-details-form.tsx'
import { MyMessages } from './my-messages.tsx'
import { MyKeys } from './my-keys.tsx'
import { MyWorkHours } from './my-work-hours.tsx'
import { MyPlots } from './my-plots.tsx'
import { MyRent } from './my-rent.tsx'
import { PersonalDataDownload } from '../../components/personal-data/personal-data-download.tsx'
import './my-allotment.css'

// Only for those on the waiting list, with the offers' words: loaded apart.
const MyWaitingList = lazy(() =>
  import('./my-waiting-list.tsx').then((m) => ({ default: m.MyWaitingList })),
)

// A member's own page: what they would otherwise ask a volunteer. An account linked to no one
// gets the server's reason instead of empty sections. Every section's data is asked for at once
// and the page shows when all is in: sections arriving one by one pushed the form down as the
// member reached for it (Lighthouse's layout shift, 0.23). The sections are then drawn as a
// deferred render, which React splits into short tasks, so a phone stays responsive while the
// whole page is made; the first render is always the spinner, since the data is often in before
// the page's code and the page would otherwise be drawn in one long task as it mounts.
export function MyAllotmentPage() {
  const record = useQuery(myRecordQuery)
  const sections = useQueries({ queries: myAllotmentSections })
  const loading = useDeferredValue(
    record.isSuccess && sections.some((section) => section.isPending),
    true,
  )
  return (
    <section className="my-allotment">
      <PageHeading>My allotment</PageHeading>
      <QueryState query={record}>
        {({ person, place }) =>
          loading ? (
            <Spinner />
          ) : (
            <Suspense fallback={<Spinner />}>
              {person.onWaitingList ? <MyWaitingList place={place} /> : null}
              {person.isPlotHolder ? <MyPlots /> : null}
              <MyKeys plotHolder={person.isPlotHolder} />
              {person.isPlotHolder ? <MyWorkHours /> : null}
              <MyRent />
              <MyDetailsForm person={person} />
              <MyMessages />
              <PersonalDataDownload heading="h2" />
            </Suspense>
          )
        }
      </QueryState>
    </section>
  )
}
