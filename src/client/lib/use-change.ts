import {
  partialMatchKey,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'

export interface ChangeOptions<Input, Output> {
  mutationFn: (input: Input) => Promise<Output>
  /**
   * What the change may alter, as keys from query-keys.ts (or a feature's keys built on them).
   * Fetched afresh after the change whatever came of it: a refusal (a stale version, a plot
   * filled meanwhile) means someone else changed it, and the screen shows what the server has.
   */
  invalidates: readonly QueryKey[]
  /**
   * Keys within `invalidates` whose queries are only marked stale, fetched when next shown: the
   * screen they are on is being left (a deleted person's record refetched would flash 'Error!').
   */
  leavesOnScreen?: readonly QueryKey[]
  /**
   * 'wait' (the default): the change stays pending until what is on screen is fresh, so a form
   * closes onto the new list. 'background': done as soon as the server answers, for a list too
   * large to wait for (10,000 people), which onSuccess shows the change in at once instead.
   */
  refresh?: 'wait' | 'background'
  /**
   * false: a failed change is not followed by the refresh. Only for people, whose lists are too
   * large to fetch again after a refusal that changed nothing (a nickname already in use).
   */
  refreshAfterFailure?: boolean
  /** Runs with the server's answer before the refresh, and before mutate's own onSuccess. */
  onSuccess?: (output: Output, input: Input) => unknown
  /** Runs on a failure before the refresh, and before mutate's own onError. */
  onError?: (failure: Error, input: Input) => unknown
}

/** The refresh after a change (see ChangeOptions); resolves once the on-screen queries are fetched. */
export function refreshAfterChange(
  client: QueryClient,
  invalidates: readonly QueryKey[],
  leavesOnScreen: readonly QueryKey[] = [],
) {
  const left = (queryKey: QueryKey) => leavesOnScreen.some((key) => partialMatchKey(queryKey, key))
  return Promise.all([
    ...leavesOnScreen.map((queryKey) =>
      client.invalidateQueries({ queryKey, refetchType: 'none' }),
    ),
    ...invalidates.map((queryKey) =>
      client.invalidateQueries({ queryKey, predicate: (query) => !left(query.queryKey) }),
    ),
  ])
}

/**
 * The one way the screens change data on the server: a mutation after which every collection it
 * names is refreshed, on this screen and any other. The caller's own outcome (a notice, an alert,
 * a reset form, a navigation) goes in mutate's callbacks or after mutateAsync, which come after
 * the refresh (with 'wait', onto fresh data). A request that changes nothing the screens keep (a
 * preview, a check) is a plain useMutation.
 */
export function useChange<Input = void, Output = unknown>(options: ChangeOptions<Input, Output>) {
  const { mutationFn, invalidates, leavesOnScreen, onSuccess, onError } = options
  const { refresh = 'wait', refreshAfterFailure = true } = options
  const client = useQueryClient()
  return useMutation<Output, Error, Input>({
    mutationFn,
    onSuccess: (output, input) => onSuccess?.(output, input),
    onError: (failure, input) => onError?.(failure, input),
    onSettled: (_output, failure) => {
      if (failure && !refreshAfterFailure) return
      const refreshed = refreshAfterChange(client, invalidates, leavesOnScreen)
      return refresh === 'wait' ? refreshed : undefined
    },
  })
}
