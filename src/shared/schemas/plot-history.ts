import { z } from 'zod'
import { inspectionPhotoSchema } from '#shared/schemas/inspections'

// A plot's history (issue 32): one timeline of what happened to it, newest first.

export const HISTORY_KINDS = [
  'tenancy',
  'inspection',
  'notice',
  'invoice',
  'offer',
  'deposit',
] as const

export const historyEventSchema = z.object({
  /** When: a date (YYYY-MM-DD), or a moment for what the log timed. */
  at: z.string(),
  kind: z.enum(HISTORY_KINDS),
  title: z.string(),
  detail: z.string(),
  photos: z.array(inspectionPhotoSchema),
})
export type HistoryEvent = z.infer<typeof historyEventSchema>
