import type { Clock } from '#server/core/clock'
import type { Db } from '#server/core/db/database'

/** What the inspections' services take from the core (the app itself satisfies it). */
export interface Inspections {
  db: Db
  clock: Clock
}
