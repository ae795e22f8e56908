import { z } from 'zod'
import {
  MAX_ROUTE_LENGTH,
  MAX_VITAL_VALUE,
  MAX_VITALS_PER_REPORT,
  METRIC_NAMES,
  RATINGS,
  ROUTE_PATTERN,
} from '#shared/domain/web-vitals'
import { vitalsMessages } from '#shared/messages/vitals'

// What a browser may send: strict objects, so nothing beyond these four fields (no user id, no
// URL) can ride along into the table.
export const vitalRecordSchema = z.strictObject({
  name: z.enum(METRIC_NAMES),
  value: z.number().min(0).max(MAX_VITAL_VALUE),
  rating: z.enum(RATINGS),
  route: z.string().max(MAX_ROUTE_LENGTH).regex(ROUTE_PATTERN, vitalsMessages.routeNotPattern),
})

export const vitalsReportSchema = z.array(vitalRecordSchema).min(1).max(MAX_VITALS_PER_REPORT)

export type VitalRecord = z.infer<typeof vitalRecordSchema>

/** One metric on one route over the retention window. */
export const vitalSummaryRowSchema = z.object({
  name: z.enum(METRIC_NAMES),
  route: z.string(),
  count: z.number(),
  p75: z.number(),
})

export const vitalsSummarySchema = z.array(vitalSummaryRowSchema)

export type VitalSummaryRow = z.infer<typeof vitalSummaryRowSchema>
