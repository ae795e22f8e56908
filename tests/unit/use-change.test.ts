import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { refreshAfterChange } from '../../src/client/lib/use-change.ts'

// What useChange does after a change, without React: the collections it names are fetched afresh
// where they are on screen and marked stale elsewhere; keys it leaves on screen are only marked.

describe('refreshAfterChange', () => {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  })
  const fetched: string[] = []
  const stops: Array<() => void> = []
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop())
    client.clear()
    fetched.length = 0
  })

  // A query with data; on screen (an observer is subscribed) or only cached.
  async function cached(queryKey: string[], onScreen: boolean) {
    const options = {
      queryKey,
      queryFn: async () => {
        fetched.push(queryKey.join('/'))
        return queryKey.join('/')
      },
    }
    await client.fetchQuery(options)
    if (onScreen) stops.push(new QueryObserver(client, options).subscribe(() => {}))
    fetched.length = 0
  }
  const isStale = (queryKey: string[]) => client.getQueryState(queryKey)?.isInvalidated

  it('fetches on-screen queries under the keys afresh and marks the others stale', async () => {
    await cached(['people', 'list', 'plotholders'], true)
    await cached(['people', 'list', 'waitinglist'], false)
    await cached(['plots'], true)
    await cached(['news'], true)
    await refreshAfterChange(client, [['people'], ['plots']])
    expect(fetched.sort()).toEqual(['people/list/plotholders', 'plots'])
    expect(isStale(['people', 'list', 'waitinglist'])).toBe(true)
    expect(isStale(['news'])).toBe(false)
  })

  it('only marks stale what is left on screen, even under a key it fetches afresh', async () => {
    await cached(['people', 'list', 'plotholders'], true)
    await cached(['people', 'person', 'ann'], true)
    await refreshAfterChange(client, [['people']], [['people', 'person']])
    expect(fetched).toEqual(['people/list/plotholders'])
    expect(isStale(['people', 'person', 'ann'])).toBe(true)
  })
})
