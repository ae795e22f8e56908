import { z } from 'zod'

// The nightly backup as the administrator's System page shows it (issue 45, item 5): how it is
// set up, the last night's outcome, and the backups kept. Never a passphrase or a key.

/** One night's backup: the file written in the folder, its copy in the bucket, or the failure. */
export const backupRunSchema = z.object({
  /** The London day it was taken. */
  day: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  folder: z.string(),
  /** The file's name in the folder; null when none was written. */
  file: z.string().nullable(),
  /** Its size in bytes, as stored. */
  size: z.int().nullable(),
  bucket: z.string().nullable(),
  /** Its key in the bucket; null when it was not copied there. */
  s3Key: z.string().nullable(),
  encrypted: z.boolean(),
  /** Why it failed, in words; null when it went well. */
  error: z.string().nullable(),
})
export type BackupRun = z.infer<typeof backupRunSchema>

export const backupStatusSchema = z.object({
  /** The time of the nightly backup on London's clock (hh:mm); null when it is turned off. */
  time: z.string().nullable(),
  keepDays: z.int(),
  keepMonths: z.int(),
  folder: z.string(),
  /** Where the backups are copied, when they are: the bucket and the keys' prefix. */
  s3: z.object({ bucket: z.string(), prefix: z.string() }).nullable(),
  /** Whether a passphrase is set, so that the backups are encrypted. */
  encrypted: z.boolean(),
  last: backupRunSchema.nullable(),
  /** The backups kept (not yet pruned), newest first. */
  kept: z.array(backupRunSchema),
})
export type BackupStatus = z.infer<typeof backupStatusSchema>
