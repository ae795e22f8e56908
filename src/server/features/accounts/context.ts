import type { Auth } from '#server/core/auth/auth'
import type { Clock } from '#server/core/clock'
import type { Config } from '#server/core/config'
import type { Db } from '#server/core/db/database'
import type { Mailer } from '#server/core/email/transport'
import type { JobRunner } from '#server/core/jobs/runner'

/** What the accounts' services take from the core (the app itself, or a command's store). */
export interface Accounts {
  db: Db
  auth: Auth
  clock: Clock
}

/** What the services that e-mail links (invitations, password resets, addresses) take. */
export interface Mailing extends Accounts {
  config: Config
  jobs: JobRunner
  mailer: Mailer
}

/**
 * The part of the app such a service keeps, named one by one: the app's decorators are not its
 * own properties, which a spread would copy.
 */
export const mailingOf = ({ db, auth, clock, config, jobs, mailer }: Mailing): Mailing => ({
  db,
  auth,
  clock,
  config,
  jobs,
  mailer,
})
