import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { penceText } from '#shared/domain/money'
import { depositMessages as words } from '#shared/messages/deposits'
import { QueryState } from '../../components/ui/query-state.tsx'
import { usePlotNames } from '#client/components/sites/plot-names.ts'
import { depositsHeldQuery } from '#client/components/rent/deposits-api.ts'

// The deposits held today (issue 47, decision 58) on the viewer's sites, for the treasurer: money
// owed back, never income; each person linked, to give theirs back from their page.
export function DepositsHeld() {
  const held = useQuery(depositsHeldQuery())
  const plotNames = usePlotNames()
  return (
    <section className="card rent__section" aria-labelledby="deposits-held-heading">
      <h2 id="deposits-held-heading">{words.heldHeading}</h2>
      <QueryState query={held}>
        {({ total, deposits }) =>
          deposits.length === 0 ? (
            <p>{words.noneHeld}</p>
          ) : (
            <>
              <p>{words.heldTotal(penceText(total), deposits.length)}</p>
              <ul className="person-messages">
                {deposits.map((deposit) => (
                  <li key={deposit.id}>
                    <Link
                      className="link-target"
                      to={`/members/plotholders/${encodeURIComponent(deposit.personId)}`}
                    >
                      {words.heldRow(
                        deposit.personName,
                        deposit.kindName,
                        plotNames.ofRecord(deposit),
                        penceText(deposit.held),
                      )}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </QueryState>
    </section>
  )
}
