import { z } from 'zod'
import { PERIOD_BOUNDS } from '#shared/domain/privacy'
import { privacyMessages } from '#shared/messages/privacy'
import { requiredText } from '#shared/schemas/text-fields'

const period = ({ min, max }: { min: number; max: number }) => z.int().min(min).max(max)

/** How long personal data no longer needed is kept: the administrator's privacy settings. */
export const privacySettingsSchema = z.object({
  leaverYears: period(PERIOD_BOUNDS.leaverYears),
  enquiryMonths: period(PERIOD_BOUNDS.enquiryMonths),
  signInFailureDays: period(PERIOD_BOUNDS.signInFailureDays),
  logYears: period(PERIOD_BOUNDS.logYears),
})
export type PrivacySettings = z.infer<typeof privacySettingsSchema>
export const storedPrivacySettingsSchema = privacySettingsSchema.safeExtend({
  version: z.int().min(0),
})
export type StoredPrivacySettings = z.infer<typeof storedPrivacySettingsSchema>

export const holdSchema = z.object({
  reason: z.string(),
  heldBy: z.string(),
  heldAt: z.string(),
})
export type Hold = z.infer<typeof holdSchema>

export const holdInputSchema = z.object({
  personId: z.string().min(1),
  reason: requiredText(privacyMessages.holdReasonRequired, 'reason', 500),
})

/** A former member due for erasure in the next 30 days, or held back. */
export const duePersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The day of the last change to their record (or their joining, when the log has none). */
  lastChange: z.string(),
  dueOn: z.string(),
  /** What stands in the way of erasing them (money owed), as the person page says it. */
  blockers: z.array(z.string()),
  hold: holdSchema.nullable(),
})
export type DuePerson = z.infer<typeof duePersonSchema>

export const AGEING_KINDS = ['enquiries', 'signInFailures', 'logEntries'] as const
export type AgeingKind = (typeof AGEING_KINDS)[number]

export const retentionRunSchema = z.object({
  day: z.string(),
  erased: z.number(),
  deleted: z.number(),
})

export const dueForErasureSchema = z.object({
  /** The day of the next daily run; null until the settings are first saved. */
  nextRun: z.string().nullable(),
  people: z.array(duePersonSchema),
  /** What the next run deletes of the rest: how many, from before when. */
  others: z.array(z.object({ kind: z.enum(AGEING_KINDS), count: z.number(), before: z.string() })),
  lastRun: retentionRunSchema.nullable(),
})
export type DueForErasure = z.infer<typeof dueForErasureSchema>
