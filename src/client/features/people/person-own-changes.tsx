import { queryOptions, useQuery } from '@tanstack/react-query'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import type { OwnChange } from '#shared/schemas/person'
import { api } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'

// Under people: a change the member makes is a change of the person.
const ownChangesQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.people, 'own-changes', id],
    queryFn: () => api<OwnChange[]>(`/api/people/${encodeURIComponent(id)}/own-changes`),
  })

/** What the member changed of their own record on My allotment, newest first; nothing if none. */
export function PersonOwnChanges({ id }: { id: string }) {
  const changes = useQuery(ownChangesQuery(id)).data ?? []
  if (changes.length === 0) return null
  return (
    <>
      <h4>Changed by the member</h4>
      <ul className="person-messages">
        {changes.map((change, index) => (
          <li key={index}>
            {myAllotmentMessages.changedByMember(change.at, change.userName, change.fields)}
          </li>
        ))}
      </ul>
    </>
  )
}
