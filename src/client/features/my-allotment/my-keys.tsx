import { useQuery } from '@tanstack/react-query'
import { keyWords as words } from '#shared/messages/key-words'
import { myKeysQuery } from './api.ts'
import { QueryState } from '../../components/ui/query-state.tsx'

/**
 * The keys the member holds (decision 64), each since when; for a plot holder, also that they
 * hold none.
 */
export function MyKeys({ plotHolder }: { plotHolder: boolean }) {
  const keys = useQuery(myKeysQuery)
  if (!plotHolder && (keys.data ?? []).length === 0) return null
  return (
    <section aria-labelledby="my-keys">
      <h2 id="my-keys">{words.myKeysHeading}</h2>
      <QueryState query={keys}>
        {(held) =>
          held.length === 0 ? (
            <p>{words.myNoKeys}</p>
          ) : (
            <ul className="my-allotment__plots">
              {held.map((holding) => (
                <li key={holding.id}>
                  <strong>{words.summary(holding.kind, holding.number)}</strong>,{' '}
                  {words.since(holding.handedOn)}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  )
}
