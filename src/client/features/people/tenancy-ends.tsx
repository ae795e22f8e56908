import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { tenancyEndMessages as words } from '#shared/messages/tenancy-end'
import type { Person } from '#shared/schemas/person'
import { tenancyEndsQuery } from '#client/components/tenancy/tenancy-api.ts'
import { plotPath } from '#client/lib/paths.ts'
import { usePlotNames } from '#client/components/sites/plot-names.ts'

// A person's tenancies that ended (issue 44), on their page: each plot, its days, and why.

/** The tenancies that ended, the latest first; nothing for someone with none. */
export function TenancyEnds({ person }: { person: Person }) {
  const { data: ends = [] } = useQuery(tenancyEndsQuery(person.id))
  const plotNames = usePlotNames()
  if (ends.length === 0) return null
  return (
    <section className="card" aria-labelledby="tenancy-ends-heading">
      <h3 id="tenancy-ends-heading">{words.endsHeading}</h3>
      <ul className="person-messages">
        {ends.map((end) => (
          <li key={`${end.plotId} ${end.endedOn}`}>
            <Link className="link-target" to={plotPath(end.plotId)}>
              {words.endRow(
                plotNames.ofKey(end.plotId),
                end.beganOn,
                end.endedOn,
                words.reasons[end.reason],
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
