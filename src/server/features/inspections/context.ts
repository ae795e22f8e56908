import type { Clock } from '#server/core/clock'
import type { Config } from '#server/core/config'
import type { Db } from '#server/core/db/database'
import type { Copies } from '#server/core/email/copies'
import type { Mailer } from '#server/core/email/transport'
import type { JobRunner } from '#server/core/jobs/runner'

/** What the inspections' services take from the core (the app itself satisfies it). */
export interface Inspections {
  db: Db
  config: Config
  clock: Clock
  copies: Copies
  jobs: JobRunner
  mailer: Mailer
}

/** The kind of attachment a notice's e-mails carry: the findings, made when each goes. */
export const NOTICE_ATTACHMENT = 'inspection-notice'

/** What a notice's copies name as their attachment. */
export const noticeAttachment = (noticeId: number) => `${NOTICE_ATTACHMENT}:${noticeId}`
