import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { renewedEnd } from '#shared/domain/concessions'
import { concessionMessages as words } from '#shared/messages/concessions'
import type { ConcessionsEnding as Ending } from '#shared/schemas/concessions'
import { Alert } from '../../components/ui/alert.tsx'
import { QueryState } from '../../components/ui/query-state.tsx'
import { errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { concessionsEndingQuery, endConcession } from '#client/components/rent/concessions-api.ts'

// The concessions that end before the next rent year (issue 47, decision 57), of the people the
// viewer's sites reach: each person, and one letter to them all asking for fresh evidence, ready
// in Messages to read through and send; or, where the evidence is already in hand, each renewed
// for a year with one button, nothing typed again.
export function ConcessionsEnding() {
  const ending = useQuery(concessionsEndingQuery())
  const [notice, setNotice] = useState('')
  return (
    <section className="card rent__section" aria-labelledby="concessions-ending-heading">
      <h2 id="concessions-ending-heading">{words.endingHeading}</h2>
      <Alert tone="success">{notice}</Alert>
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
                        <RenewButton grant={grant} onRenewed={setNotice} />
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

function RenewButton({
  grant,
  onRenewed,
}: {
  grant: Ending['grants'][number]
  onRenewed: (notice: string) => void
}) {
  const until = renewedEnd(grant.endsOn!)
  const [error, setError] = useState('')
  const renewing = useChange({
    mutationFn: () => endConcession(grant.id, { endsOn: until, version: grant.version }),
    invalidates: [queryKeys.rent],
    onSuccess: () => onRenewed(words.renewed(grant.personName, until)),
    onError: (failure) => setError(errorMessage(failure)),
  })
  return (
    <div className="button-row">
      <Alert>{error}</Alert>
      <button
        type="button"
        className="button button--quiet"
        disabled={renewing.isPending}
        onClick={() => {
          setError('')
          renewing.mutate()
        }}
      >
        {words.renewForYear(until)}
      </button>
    </div>
  )
}
