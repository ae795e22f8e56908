import { z } from 'zod'
import { backupStatusSchema } from '#shared/schemas/backups'

// The administrator's System page (issue 45): how this installation is running.

export const systemStateSchema = z.object({
  /** package.json's version. */
  version: z.string(),
  database: z.object({ engine: z.enum(['sqlite', 'postgres']), bytes: z.number() }),
  migrations: z.object({
    applied: z.number(),
    known: z.number(),
    latest: z.string().nullable(),
  }),
  /** The file system of the data folder. */
  disk: z.object({ folder: z.string(), freeBytes: z.number(), totalBytes: z.number() }),
  jobs: z.object({
    due: z.number(),
    later: z.number(),
    retrying: z.number(),
    failed: z.number(),
    latestFailed: z.array(
      z.object({
        id: z.number(),
        kind: z.string(),
        attempts: z.number(),
        lastError: z.string().nullable(),
        finishedAt: z.string().nullable(),
      }),
    ),
  }),
  email: z.object({
    /** By a mail server, or written to the outbox folder (no SMTP_URL). */
    way: z.enum(['smtp', 'outbox']),
    waiting: z.number(),
    failed: z.number(),
    interrupted: z.number(),
    inOutbox: z.number(),
  }),
  /** The nightly backup: how it is set up, the last night's outcome, and the backups kept. */
  backup: backupStatusSchema,
})

export type SystemState = z.infer<typeof systemStateSchema>
