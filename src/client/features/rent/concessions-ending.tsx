import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { concessionMessages as words } from '#shared/messages/concessions'
import { QueryState } from '../../components/ui/query-state.tsx'
import { concessionsEndingQuery } from '#client/components/rent/concessions-api.ts'

// The concessions that end before the next rent year (issue 47, decision 57), of the people the
// viewer's sites reach: each person, and one letter to them all asking for fresh evidence, ready
// in Messages to read through and send.
export function ConcessionsEnding() {
  const ending = useQuery(concessionsEndingQuery())
  return (
    <section className="card rent__section" aria-labelledby="concessions-ending-heading">
      <h2 id="concessions-ending-heading">{words.endingHeading}</h2>
      <QueryState query={ending}>
        {({ nextYearStart, grants }) => {
          const people = [...new Set(grants.map((grant) => grant.personId))]
          return (
            <>
              <p>{words.nextYearStarts(nextYearStart)}</p>
              {grants.length === 0 ? (
                <p>{words.noneEnding}</p>
              ) : (
                <>
                  <ul className="person-messages">
                    {grants.map((grant) => (
                      <li key={grant.id}>
                        <Link
                          className="link-target"
                          to={`/members/plotholders/${encodeURIComponent(grant.personId)}`}
                        >
                          {words.endingRow(grant.personName, grant.kindName, grant.endsOn!)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                  <p>
                    <Link
                      className="link-target"
                      to={`/members/messages?start=freshEvidence&people=${people.map(encodeURIComponent).join(',')}`}
                    >
                      {words.askForEvidence}
                    </Link>
                  </p>
                </>
              )}
            </>
          )
        }}
      </QueryState>
    </section>
  )
}
