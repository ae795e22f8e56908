import { useQuery } from '@tanstack/react-query'
import { penceText } from '#shared/domain/money'
import { keyMessages as words } from '#shared/messages/keys'
import type { KeyHolding } from '#shared/schemas/keys'
import { QueryState } from '../ui/query-state.tsx'
import { personKeysQuery } from './keys-api.ts'

// A person's keys on their page (decision 64): those held, since when; then those returned or
// lost. The site's keys screen hands them over and records them back.

export function holdingText(holding: KeyHolding) {
  const summary = words.summary(holding.kind, holding.number)
  if (!holding.endedOn) return `${summary}, ${words.since(holding.handedOn)}`
  const past = words.historyText[holding.outcome ?? 'returned']
  return `${summary}: ${past(holding.personName, holding.handedOn, holding.endedOn)}`
}

function HoldingItem({ holding }: { holding: KeyHolding }) {
  return (
    <li>
      {holdingText(holding)}
      {holding.deposit ? `. ${words.withDepositText(holding.deposit.kindName)}` : ''}
      {holding.charge ? `. ${words.chargeText(penceText(holding.charge))}` : ''}
    </li>
  )
}

export function PersonKeys({ personId }: { personId: string }) {
  const keys = useQuery(personKeysQuery(personId))
  return (
    <section className="card" aria-labelledby="person-keys-heading">
      <h3 id="person-keys-heading">{words.personHeading}</h3>
      <QueryState query={keys}>
        {(holdings) => {
          const held = holdings.filter((holding) => !holding.endedOn)
          const past = holdings.filter((holding) => holding.endedOn)
          return (
            <>
              {held.length === 0 ? <p>{words.noneHeld}</p> : null}
              <ul className="person-messages">
                {[...held, ...past].map((holding) => (
                  <HoldingItem key={holding.id} holding={holding} />
                ))}
              </ul>
            </>
          )
        }}
      </QueryState>
    </section>
  )
}

/** On a tenancy's ending: the keys the leaver still holds, to be asked back. */
export function KeysStillHeld({ personId, name }: { personId: string; name: string }) {
  const keys = useQuery(personKeysQuery(personId))
  const held = (keys.data ?? []).filter((holding) => !holding.endedOn)
  if (held.length === 0) return null
  return (
    <div className="ending__note" role="note" aria-label={words.personHeading}>
      <p>{words.stillHeld(name)}</p>
      <ul>
        {held.map((holding) => (
          <li key={holding.id}>
            {words.summary(holding.kind, holding.number)}, {words.since(holding.handedOn)}
          </li>
        ))}
      </ul>
    </div>
  )
}
