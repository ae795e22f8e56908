import { queryOptions, useQuery } from '@tanstack/react-query'
import { longDate } from '#shared/domain/dates'
import { penceText } from '#shared/domain/money'
import { invoiceMessages as words } from '#shared/messages/invoices'
import type { PersonRaiseNotice } from '#shared/schemas/rent'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

// A person's notices of a rent rise on their page (decision 62): each plot's rent before and after,
// and from when. Nothing is shown to a person never given one. Its words are the invoices' (loaded
// with the person's page already), not the rent settings'.

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
      <h3 id="rate-notices-heading">{words.rateNoticesHeading}</h3>
      <ul className="person-messages">
        {notices.data.map((notice) => (
          <li key={`${notice.raiseId}-${notice.plotId}`}>
            {words.rateNotice(
              notice.plotName,
              penceText(notice.oldAmount),
              penceText(notice.newAmount),
              longDate(notice.takesEffect),
            )}
            {'. '}
            {words.rateNoticeBy(notice.madeBy)}
          </li>
        ))}
      </ul>
    </section>
  )
}
