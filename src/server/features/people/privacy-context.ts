import type { JobRunner } from '#server/core/jobs/runner'
import type { Erasing } from '#server/features/people/erasure'

/** What retention's services take from the core (the app itself satisfies it). */
export type Privacy = Erasing & { jobs: JobRunner }

/** The daily run's job kind (retention.ts). */
export const RETENTION_JOB = 'retention'
