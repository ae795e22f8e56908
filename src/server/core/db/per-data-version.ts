import type { Db } from '#server/core/db/database'
import { dataVersion } from '#server/core/db/data-version'

// What is costly to build and changes only when something is written (a calendar feed of 5,000
// events, a count of 100,000 log entries) is kept for the data version it was built at: every
// commit moves the version on (data-version.ts), so a kept answer is never served after a change,
// and a request that finds it costs one indexed read. The version is read before the data, so an
// answer kept is at least as new as its version; one built while a newer version was seen is not
// kept. Keys name everything else the answer depends on (the viewer's reach, the day).

export interface KeptPerDataVersion<T> {
  (key: string, build: () => Promise<T>): Promise<T>
  /** How many answers are kept (for tests). */
  size(): number
}

/** Answers kept per data version of the database, the `most` recently used. */
export function keptPerDataVersion<T>(db: Db, most: number): KeptPerDataVersion<T> {
  let version: string | undefined
  const kept = new Map<string, T>()
  async function get(key: string, build: () => Promise<T>): Promise<T> {
    const now = await dataVersion(db)
    if (now === undefined) return build()
    if (now !== version) {
      version = now
      kept.clear()
    }
    const known = kept.get(key)
    if (known !== undefined) {
      // Most recently used last: the first is the one to let go.
      kept.delete(key)
      kept.set(key, known)
      return known
    }
    const answer = await build()
    if (version === now) {
      kept.set(key, answer)
      if (kept.size > most) kept.delete(kept.keys().next().value!)
    }
    return answer
  }
  return Object.assign(get, { size: () => kept.size })
}
