import type { Clock } from '#server/core/clock'
import type { Config } from '#server/core/config'
import type { Db } from '#server/core/db/database'
import type { Copies } from '#server/core/email/copies'
import type { Hooks } from '#server/core/hooks'
import type { JobRunner } from '#server/core/jobs/runner'

/** What rent's services take from the core (the app's decorators of the same names). */
export interface Rent {
  db: Db
  config: Config
  clock: Clock
  copies: Copies
  jobs: JobRunner
  hooks: Hooks
}
