import { offerMessages } from '#shared/messages/offers'
import type { Person } from '#shared/schemas/person'
import { Alert } from '../../components/ui/alert.tsx'
import { api, errorMessage } from '../../lib/api.ts'
import { queryKeys } from '../../lib/query-keys.ts'
import { usePeopleChange } from './people-change.ts'

const restore = (id: string) =>
  api<Person>(`/api/people/${encodeURIComponent(id)}/restore-to-waiting-list`, { method: 'POST' })

// Someone who did not say in time that they still want a plot goes back to their old place.
export function RestoreToList({ id, onRestored }: { id: string; onRestored: () => void }) {
  const restoring = usePeopleChange({
    mutationFn: () => restore(id),
    // The person shows on the list again; their history and the lists (the offers screen's
    // lapsed people among them) are fetched afresh.
    shows: (person) => ({ saved: person }),
    alsoInvalidates: [queryKeys.waitingList],
    onSuccess: onRestored,
  })
  return (
    <>
      <Alert>{restoring.isError ? errorMessage(restoring.error) : ''}</Alert>
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={restoring.isPending}
          onClick={() => restoring.mutate()}
        >
          {offerMessages.restore}
        </button>
      </div>
    </>
  )
}
