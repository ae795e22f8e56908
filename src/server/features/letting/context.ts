import type { Config } from '#server/core/config'
import type { Db } from '#server/core/db/database'
import type { Copies } from '#server/core/email/copies'
import type { JobRunner } from '#server/core/jobs/runner'

/** What letting's services take from the core. */
export interface Letting {
  db: Db
  config: Config
  copies: Copies
  jobs: JobRunner
}

/** Who a change made through a link sent by e-mail, or by a scheduled job, is logged as. */
export const PUBLIC = 'public'
export const SYSTEM = 'system'

export const todayOf = (letting: Letting) => letting.jobs.clock().toISOString().slice(0, 10)
