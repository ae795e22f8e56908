import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely'
import type { Database } from '#server/core/db/schema'
import { sentAgainAndAgain } from '#server/core/db/prepared-statements'

interface Compiled<R> {
  query: CompiledQuery<R>
  /** For each SQL parameter, the argument that fills it, or -1 for a constant of the query. */
  slots: number[]
}

// Kysely builds and compiles a query afresh on every call. For the reads behind every request
// (the session, the data version, the record a change reads) that was a sixth of the server's
// time under load, and building a write of a record's twenty-odd columns cost more than SQLite
// running it, so they are compiled once per engine, with marker values where the arguments go,
// and then run with the real arguments in their place. The SQL depends only on the dialect,
// whose adapter a database and its transactions share: one compilation serves both.
export function reusableStatement<A extends unknown[], R = never>(
  build: (kysely: Kysely<Database>, ...args: A) => Compilable<R>,
) {
  const compiled = new WeakMap<object, Compiled<R>>()
  return (kysely: Kysely<Database>, ...args: A): Promise<QueryResult<R>> => {
    const dialect = kysely.getExecutor().adapter
    let entry = compiled.get(dialect)
    if (!entry) {
      const markers = args.map((_, i) => `\u0000argument ${i}\u0000`)
      const query = build(kysely, ...(markers as A)).compile()
      const slots = query.parameters.map((p) => markers.indexOf(p as string))
      // An argument the builder did not pass on as a parameter (transformed, or inlined into the
      // SQL) would be silently replaced by its marker text on every run: refuse the query.
      const missing = markers.filter((_, i) => !slots.includes(i))
      if (missing.length > 0) {
        throw new Error(
          `reusableQuery: argument ${markers.indexOf(missing[0]!)} is not a plain parameter of ${query.sql}`,
        )
      }
      sentAgainAndAgain(query.sql)
      entry = { query, slots }
      compiled.set(dialect, entry)
    }
    const { query, slots } = entry
    const parameters = query.parameters.map((constant, i) =>
      slots[i]! >= 0 ? args[slots[i]!] : constant,
    )
    return kysely.executeQuery<R>({ ...query, parameters })
  }
}

/** A read compiled once (see reusableStatement): its rows. */
export function reusableQuery<A extends unknown[], R>(
  build: (kysely: Kysely<Database>, ...args: A) => Compilable<R>,
) {
  const statement = reusableStatement(build)
  return async (kysely: Kysely<Database>, ...args: A): Promise<R[]> =>
    (await statement(kysely, ...args)).rows
}
