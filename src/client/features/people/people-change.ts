import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { Person } from '#shared/schemas/person'
import { queryKeys } from '../../lib/query-keys.ts'
import { useChange } from '../../lib/use-change.ts'
import { peopleKeys, peopleListQuery, personQuery } from './api.ts'
import type { PeopleMode } from './mode.ts'

/**
 * What a change did, as the lists show it: someone added to a list, saved, or taken off one list
 * (moved to the other) or, with no list named, off every list (deleted).
 */
export type ListChange =
  { added: Person; to: PeopleMode } | { saved: Person } | { removed: string; from?: PeopleMode }

/**
 * The client's one hand edit of cached lists, kept for speed. A list of 10,000 people is 3 MB of
 * JSON to fetch and read again (sent no-store: the browser keeps no copy), and the screen moves to
 * it with a notice ('… added') at once: edited here, the list already shows what the notice says, and the
 * refresh that follows replaces the edit with the server's copy. The record the server answered
 * with goes into the cache too, since records are not fetched at once (see usePeopleChange): a
 * record opened again, or left on screen (a restored person), shows the person as saved.
 */
export function showInPeopleLists(client: QueryClient, change: ListChange) {
  const edit = (queryKey: QueryKey, people: (list: Person[]) => Person[]) =>
    client.setQueriesData<Person[]>({ queryKey }, (list) => list && people(list))
  if ('added' in change) {
    const { added, to } = change
    client.setQueryData(personQuery(added.id).queryKey, added)
    edit(peopleListQuery(to).queryKey, (list) => [...list, added])
  } else if ('saved' in change) {
    const { saved } = change
    client.setQueryData(personQuery(saved.id).queryKey, saved)
    edit(peopleKeys.lists, (list) =>
      list.map((listed) => (listed.id === saved.id ? saved : listed)),
    )
  } else {
    const { removed, from } = change
    const lists = from ? peopleListQuery(from).queryKey : peopleKeys.lists
    edit(lists, (list) => list.filter((listed) => listed.id !== removed))
  }
}

interface PeopleChangeOptions<Input, Output> {
  mutationFn: (input: Input) => Promise<Output>
  /** What the lists show of the change once the server has made it (a merge: two changes). */
  shows: (output: Output, input: Input) => ListChange | ListChange[]
  /** Other collections the change alters besides people and plots. */
  alsoInvalidates?: readonly QueryKey[]
  onSuccess?: (output: Output, input: Input) => unknown
}

/**
 * A change to people, through useChange. Afterwards everything kept under people's key (these
 * lists, the plots screens' list of everyone, the waiting-list histories) and the plots (a
 * deleted person leaves the tenants of their plots) are fetched afresh in the background: the
 * screen does not wait for 3 MB, as showInPeopleLists has shown the change already. Records are
 * only marked stale: refetching the one still on screen would flash 'Error!' for a deleted
 * person, or redirect a moved one, before the navigation away lands. A refusal changed nothing
 * and is not followed by a refresh, as before (after a stale version, Reload fetches the record).
 */
export function usePeopleChange<Input, Output>(options: PeopleChangeOptions<Input, Output>) {
  const { mutationFn, shows, alsoInvalidates = [], onSuccess } = options
  const client = useQueryClient()
  return useChange({
    mutationFn,
    invalidates: [queryKeys.people, queryKeys.plots, ...alsoInvalidates],
    leavesOnScreen: [peopleKeys.records],
    refresh: 'background',
    refreshAfterFailure: false,
    onSuccess: (output, input) => {
      for (const change of [shows(output, input)].flat()) showInPeopleLists(client, change)
      return onSuccess?.(output, input)
    },
  })
}
