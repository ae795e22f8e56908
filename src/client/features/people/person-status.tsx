import { useQuery } from '@tanstack/react-query'
import { tenancyEndMessages as words } from '#shared/messages/tenancy-end'
import type { Person } from '#shared/schemas/person'
import { tenancyEndsQuery } from '#client/components/tenancy/tenancy-api.ts'
import { statusText } from './mode.ts'

// A former tenant is shown as one (issue 44), with the day their last tenancy ended and why, not
// as someone on neither list.

/** The person's status; for someone on neither list whose tenancy ended, as a former tenant. */
export function PersonStatus({ person }: { person: Person }) {
  const neither = !person.isPlotHolder && !person.onWaitingList
  const { data } = useQuery({ ...tenancyEndsQuery(person.id), enabled: neither })
  const last = neither ? data?.[0] : undefined
  return last
    ? words.formerTenantStatus(last.plotId, last.endedOn, words.reasons[last.reason])
    : statusText(person)
}
