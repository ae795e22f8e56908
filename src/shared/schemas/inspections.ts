import { z } from 'zod'
import { inspectionMessages } from '#shared/messages/inspections'
import {
  INSPECTION_MERGE_FIELDS,
  NOTICE_REASONS,
  NOTICE_STAGES,
  NOTICE_STATUSES,
} from '#shared/domain/inspections'
import {
  confirmationSchema,
  letterTextFields,
  onlyKnownFields,
  reachSchema,
  sampleCopySchema,
} from '#shared/schemas/messages'
import { isoDate } from '#shared/schemas/person'
import { days, ONE_LINE, optionalText, requiredText, rowNumber } from '#shared/schemas/text-fields'

// Plot inspections (issue 32): the administrator's settings, rounds, and each plot's record as a
// phone sends it.

const gradeName = requiredText(inspectionMessages.gradeNameRequired, 'grade', 40).regex(
  ONE_LINE,
  inspectionMessages.gradeNameRequired,
)

const letter = z.object(letterTextFields).superRefine(onlyKnownFields(INSPECTION_MERGE_FIELDS))

/**
 * How a site's plots are judged and chased: the inspection settings a site may have of its own
 * (decision 53), the organisation's for a site without. The letters stay the organisation's.
 */
export const inspectionStandardsSchema = z.object({
  grades: z
    .array(z.object({ name: gradeName, needsNotice: z.boolean() }))
    .min(2)
    .max(10)
    .refine(
      (grades) => new Set(grades.map((g) => g.name.toLowerCase())).size === grades.length,
      inspectionMessages.gradeNamesUnique,
    )
    .refine((grades) => grades.some((g) => !g.needsNotice), inspectionMessages.gradesNeedOneGood),
  daysToPutRight: days,
  /** The notice period of a notice to quit, in months. */
  noticeMonths: z.int().min(1).max(12),
  /** So many improvement notices within so many years, and the next notice is a final one. */
  repeat: z.object({ notices: z.int().min(1).max(10), years: z.int().min(1).max(10) }),
})
export type InspectionStandards = z.infer<typeof inspectionStandardsSchema>

export const inspectionSettingsSchema = inspectionStandardsSchema.safeExtend({
  letters: z.object({ improvement: letter, final: letter, quit: letter }),
})
export type InspectionSettings = z.infer<typeof inspectionSettingsSchema>
export const storedInspectionSettingsSchema = inspectionSettingsSchema.safeExtend({
  version: z.int().min(0),
})
export type StoredInspectionSettings = z.infer<typeof storedInspectionSettingsSchema>

/**
 * A site's inspection settings (GET and PUT /api/inspections/settings/sites/:siteId): its own
 * standards, or null when its plots are judged by the organisation's. Version 0: never saved.
 */
export const siteInspectionSettingsSchema = z.object({
  standards: inspectionStandardsSchema.nullable(),
  version: z.int().min(0),
})
export type SiteInspectionSettings = z.infer<typeof siteInspectionSettingsSchema>

/** A round of one site's plots (`siteId`; the first open site when left out). */
export const newRoundSchema = z.object({
  siteId: rowNumber.optional(),
  date: isoDate,
  walkers: optionalText('names of who walks', 200).regex(
    ONE_LINE,
    inspectionMessages.walkersOneLine,
  ),
})
export type NewRound = z.infer<typeof newRoundSchema>

export const roundSchema = z.object({
  id: z.number(),
  date: z.string(),
  walkers: z.string(),
  startedBy: z.string(),
  startedAt: z.string(),
  siteId: z.number(),
})
export type Round = z.infer<typeof roundSchema>

/** A round in the list: how many plots it has seen. */
export const roundSummarySchema = roundSchema.safeExtend({ seen: z.number() })
export type RoundSummary = z.infer<typeof roundSummarySchema>

/**
 * One plot's record as the phone sends it. Its id is made on the phone, so that a record sent
 * twice (the answer lost on the way back) is kept once.
 */
export const inspectionInputSchema = z.object({
  id: z.uuid(),
  roundId: rowNumber,
  plotId: z.string().trim().min(1, inspectionMessages.plotMissing).max(40),
  grade: z
    .string({ error: inspectionMessages.gradeUnknown })
    .min(1, inspectionMessages.gradeUnknown)
    .max(40),
  cultivated: z
    .int({ error: inspectionMessages.cultivatedRange })
    .min(0, inspectionMessages.cultivatedRange)
    .max(100, inspectionMessages.cultivatedRange),
  notes: optionalText('notes', 2000),
  /** When it was recorded on the phone, which may be long before it is sent. */
  recordedAt: z.iso.datetime({ offset: true }).transform((at) => new Date(at).toISOString()),
  /** The ids the phone gave its photos, in the order of the files sent with it. */
  photoIds: z
    .array(z.uuid())
    .max(6, inspectionMessages.tooManyPhotos)
    .refine((ids) => new Set(ids).size === ids.length, inspectionMessages.photoIdsRepeated)
    .default([]),
})
export type InspectionInput = z.infer<typeof inspectionInputSchema>

export const inspectionPhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
})
export type InspectionPhoto = z.infer<typeof inspectionPhotoSchema>

export const inspectionSchema = z.object({
  id: z.string(),
  roundId: z.number(),
  plotId: z.string(),
  grade: z.string(),
  cultivated: z.number(),
  notes: z.string(),
  recordedAt: z.string(),
  receivedAt: z.string(),
  inspectedBy: z.string(),
  photos: z.array(inspectionPhotoSchema),
})
export type Inspection = z.infer<typeof inspectionSchema>

/**
 * A round's page: its plots in walking order and every record made on it. A plot is recorded by
 * its key (`id`) and shown by its name on its site (issue 46: the second site's "1" is keyed "1-2").
 */
export const roundDetailSchema = z.object({
  round: roundSchema,
  plots: z.array(
    z.object({ id: z.string(), name: z.string(), description: z.string(), occupied: z.boolean() }),
  ),
  grades: z.array(z.object({ name: z.string(), needsNotice: z.boolean() })),
  inspections: z.array(inspectionSchema),
})
export type RoundDetail = z.infer<typeof roundDetailSchema>

/** One step of a plot's chain of notices, as the committee sees it. */
export const noticeSchema = z.object({
  id: z.number(),
  plotId: z.string(),
  /** The plot's name, as screens show it (another site's "1" is keyed "1-2"). */
  plotName: z.string(),
  stage: z.enum(NOTICE_STAGES),
  status: z.enum(NOTICE_STATUSES),
  /** Why it was given; a notice for rent follows no round, and names its invoice (decision 61). */
  reason: z.enum(NOTICE_REASONS),
  roundId: z.number().nullable(),
  invoiceId: z.number().nullable(),
  sentOn: z.string(),
  /** The day to put it right by; for a notice to quit, the tenancy's last day. */
  deadline: z.string(),
  pausedOn: z.string().nullable(),
  pauseReason: z.string(),
  createdBy: z.string(),
  closedOn: z.string().nullable(),
  /** The tenants it was sent to, by name. */
  tenants: z.array(z.string()),
  /** Its deadline has passed and the plot should be inspected again (not for notice to quit). */
  reinspectionDue: z.boolean(),
})
export type Notice = z.infer<typeof noticeSchema>

/** What Send notices did for each plot of the round. */
export const noticesSentSchema = z.object({
  sent: z.array(z.object({ plotId: z.string(), stage: z.enum(NOTICE_STAGES) })),
  complied: z.array(z.string()),
  waiting: z.array(z.string()),
  vacant: z.array(z.string()),
})
export type NoticesSent = z.infer<typeof noticesSentSchema>

/**
 * What Send notices would do, before anything is sent or closed (issue 44): the notices, the plots
 * put right, waiting or with no tenant, how many people the notices reach and how, the first notice
 * as its first tenant will have it, and the confirmation sending needs.
 */
export const noticesPreviewSchema = reachSchema.safeExtend({
  notices: noticesSentSchema.shape.sent,
  complied: z.array(z.string()),
  waiting: z.array(z.string()),
  vacant: z.array(z.string()),
  mailServer: z.boolean(),
  sample: z
    .object({
      plotId: z.string(),
      stage: z.enum(NOTICE_STAGES),
      name: z.string(),
      copies: z.array(sampleCopySchema),
    })
    .nullable(),
  confirmation: z.string(),
})
export type NoticesPreview = z.infer<typeof noticesPreviewSchema>

/** Send notices, as its preview showed it. */
export const sendNoticesSchema = z.object({
  confirmation: confirmationSchema(inspectionMessages.previewNoticesFirst),
})

export const pauseNoticeSchema = z.object({
  reason: requiredText(inspectionMessages.pauseReasonRequired, 'reason', 500),
})
