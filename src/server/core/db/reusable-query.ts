import type { Compilable, CompiledQuery, Kysely } from 'kysely'
import type { Database } from '#server/core/db/schema'

interface Compiled<R> {
  query: CompiledQuery<R>
  /** For each SQL parameter, the argument that fills it, or -1 for a constant of the query. */
  slots: number[]
}

// Kysely builds and compiles a query afresh on every call. For the reads behind every request
// (the session, the data version) that was a sixth of the server's time under load, so they are
// compiled once per database, with marker values where the arguments go, and then run with the
// real arguments in their place.
export function reusableQuery<A extends string[], R>(
  build: (kysely: Kysely<Database>, ...args: A) => Compilable<R>,
) {
  const compiled = new WeakMap<Kysely<Database>, Compiled<R>>()
  return async (kysely: Kysely<Database>, ...args: A): Promise<R[]> => {
    let entry = compiled.get(kysely)
    if (!entry) {
      const markers = args.map((_, i) => `\u0000argument ${i}\u0000`) as A
      const query = build(kysely, ...markers).compile()
      const slots = query.parameters.map((p) => markers.indexOf(p as string))
      // An argument the builder did not pass on as a parameter (transformed, or inlined into the
      // SQL) would be silently replaced by its marker text on every run: refuse the query.
      const missing = markers.filter((_, i) => !slots.includes(i))
      if (missing.length > 0) {
        throw new Error(`reusableQuery: argument ${markers.indexOf(missing[0]!)} is not a plain parameter of ${query.sql}`)
      }
      entry = { query, slots }
      compiled.set(kysely, entry)
    }
    const { query, slots } = entry
    const parameters = query.parameters.map((constant, i) =>
      slots[i]! >= 0 ? args[slots[i]!] : constant,
    )
    return (await kysely.executeQuery<R>({ ...query, parameters })).rows
  }
}
