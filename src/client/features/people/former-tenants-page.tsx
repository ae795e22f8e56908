import { useQuery, queryOptions } from '@tanstack/react-query'
import { Link } from 'react-router'
import { longDate } from '#shared/domain/dates'
import { tenancyEndMessages as words } from '#shared/messages/tenancy-end'
import type { FormerTenant } from '#shared/schemas/leaving'
import { CardTable } from '#client/components/ui/card-table.tsx'
import { PageHeading } from '#client/components/ui/page-heading.tsx'
import { QueryState } from '#client/components/ui/query-state.tsx'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'
import { plotPath } from '#client/lib/paths.ts'
import { displayName, personPath } from './mode.ts'
import { usePlotNames } from '#client/components/sites/plot-names.ts'

// Former tenants (issue 44): who left and holds no plot, kept for the records, each with the day
// their last tenancy ended and why. Under people's key, as a tenancy's end changes it.
const formerTenantsQuery = queryOptions({
  queryKey: [...queryKeys.people, 'former-tenants'],
  queryFn: () => api<FormerTenant[]>('/api/former-tenants'),
})

const COLUMNS = Object.values(words.columns)

export function FormerTenantsPage() {
  const query = useQuery(formerTenantsQuery)
  const plotNames = usePlotNames()
  return (
    <section>
      <PageHeading>{words.formerTenantsHeading}</PageHeading>
      <p>{words.formerTenantsIntro}</p>
      <QueryState query={query}>
        {(former) =>
          former.length === 0 ? (
            <p>{words.noFormerTenants}</p>
          ) : (
            <CardTable caption={words.formerTenantsHeading} columns={COLUMNS}>
              {former.map((tenant) => (
                <tr key={tenant.personId}>
                  <th scope="row">
                    <Link to={personPath('plotholders', tenant.personId)}>
                      {displayName({ ...tenant, id: tenant.personId })}
                    </Link>
                  </th>
                  <td data-label={words.columns.plot}>
                    <Link to={plotPath(tenant.plotId)}>{plotNames.ofKey(tenant.plotId)}</Link>
                  </td>
                  <td data-label={words.columns.endedOn}>{longDate(tenant.endedOn)}</td>
                  <td data-label={words.columns.reason}>{words.reasons[tenant.reason]}</td>
                </tr>
              ))}
            </CardTable>
          )
        }
      </QueryState>
    </section>
  )
}
