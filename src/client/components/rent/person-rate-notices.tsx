import { queryOptions, useQuery } from '@tanstack/react-query'
import { rentNoticeMessages as words } from '#shared/messages/rent-notices'
import type { PersonRaiseNotice } from '#shared/schemas/rent'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

// A person's notices of a rent rise on their page (decision 62): each plot's rent before and after,
// and from when. Nothing is shown to a person never given one.

const personRateNoticesQuery = (personId: string) =>
  queryOptions({
    queryKey: [...queryKeys.rent, 'rate-notices', personId],
    queryFn: () =>
      api<PersonRaiseNotice[]>(`/api/people/${encodeURIComponent(personId)}/rate-notices`),
  })

export function PersonRateNotices({ personId }: { personId: string }) {
  const notices = useQuery(personRateNoticesQuery(personId))
  if (!notices.data?.length) return null
  return (
    <section className="card" aria-labelledby="rate-notices-heading">
      <h3 id="rate-notices-heading">{words.raisesHeading}</h3>
      <ul className="person-messages">
        {notices.data.map((notice) => (
          <li key={`${notice.raiseId}-${notice.plotId}`}>
            {words.raiseRecord(
              notice.plotName,
              notice.oldAmount,
              notice.newAmount,
              notice.takesEffect,
            )}
            {'. '}
            {words.raiseMadeBy(notice.madeBy)}
          </li>
        ))}
      </ul>
    </section>
  )
}
