import type { Auth } from '#server/core/auth/auth'
import type { Clock } from '#server/core/clock'
import type { Db } from '#server/core/db/database'

/** What the accounts' services take from the core (the app itself, or a command's store). */
export interface Accounts {
  db: Db
  auth: Auth
  clock: Clock
}
