import { queryOptions, useQuery } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { erasureMessages } from '#shared/messages/erasure'
import type { ErasureCheck, Person } from '#shared/schemas/person'
import { Alert } from '../../components/ui/alert.tsx'
import { api, errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { listPath, type PeopleMode } from './mode.ts'
import { usePeopleChange } from './people-change.ts'

// Under people: what stands in the way changes with the person (a plot ended, rent paid).
const erasureCheckQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.people, 'erasure', id],
    queryFn: () => api<ErasureCheck>(`/api/people/${encodeURIComponent(id)}/erasure`),
  })

const erase = (id: string) =>
  api<{ id: string; name: string }>(`/api/people/${encodeURIComponent(id)}/erasure`, {
    method: 'POST',
  })

/**
 * Erasing the person's details (issue 30), or what stands in the way: asked first, never undone.
 * Shown once the committee opens its section, which asks the server what stands in the way.
 */
export function PersonErasure({ person, mode }: { person: Person; mode: PeopleMode }) {
  const check = useQuery(erasureCheckQuery(person.id)).data
  const navigate = useNavigate()
  const erasing = usePeopleChange({
    mutationFn: () => erase(person.id),
    shows: () => ({ removed: person.id }),
    alsoInvalidates: [queryKeys.rent, queryKeys.messages, queryKeys.accounts, queryKeys.logs],
    onSuccess: ({ name }) =>
      navigate(listPath(mode), { state: { notice: erasureMessages.erased(name) } }),
  })
  if (!check) return null
  const name = `${person.firstName} ${person.lastName}`.trim() || person.id
  return (
    <>
      {check.erasedOn ? (
        <p>{erasureMessages.erasedOn(check.erasedOn)}</p>
      ) : (
        <>
          <p className="field__hint">{erasureMessages.eraseHint}</p>
          {check.blockers.length ? (
            <ul>
              {check.blockers.map((blocker) => (
                <li key={blocker}>{blocker}</li>
              ))}
            </ul>
          ) : (
            <div className="button-row">
              <button
                type="button"
                className="button button--danger"
                disabled={erasing.isPending}
                onClick={() => {
                  if (window.confirm(erasureMessages.eraseConfirm(name))) erasing.mutate()
                }}
              >
                {erasureMessages.eraseButton}
              </button>
            </div>
          )}
          <Alert>{erasing.isError ? errorMessage(erasing.error) : ''}</Alert>
        </>
      )}
    </>
  )
}
