import type { Clock } from '#server/core/clock'
import type { Db } from '#server/core/db/database'

/** What the keys' services take from the core (the app's decorators of the same names). */
export interface Keys {
  db: Db
  clock: Clock
}
