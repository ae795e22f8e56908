import { z } from 'zod'
import { isCalendarDay } from '#shared/domain/dates'
import { LEAVING_CHOICES } from '#shared/domain/part-year'
import { TENANCY_END_REASONS } from '#shared/domain/tenancy-end'
import { commonMessages } from '#shared/messages/common'
import { partYearMessages } from '#shared/messages/part-year'
import { tenancyEndMessages } from '#shared/messages/tenancy-end'

// Apart from the plot's schemas, which every plots screen loads: only the leaving needs it.

/** A tenant leaving: what the committee chose for their invoice for the plot, when asked. */
export const leavingSchema = z.object({
  invoice: z.enum(LEAVING_CHOICES, { error: partYearMessages.invoiceChoice }).optional(),
})
export type Leaving = z.infer<typeof leavingSchema>

/** A tenancy ending (issue 44): the day and the reason, both required, and the invoice's fate. */
export const tenancyEndSchema = leavingSchema.extend({
  endedOn: z
    .string({ error: commonMessages.invalidDate })
    .refine(isCalendarDay, commonMessages.invalidDate),
  reason: z.enum(TENANCY_END_REASONS, { error: tenancyEndMessages.reasonRequired }),
})
export type TenancyEnd = z.infer<typeof tenancyEndSchema>

/** A tenancy that ended, as the plot's history, the person's page and the records keep it. */
export const endedTenancySchema = z.object({
  plotId: z.string(),
  personId: z.string(),
  beganOn: z.string(),
  endedOn: z.string(),
  reason: z.enum(TENANCY_END_REASONS),
})
export type EndedTenancy = z.infer<typeof endedTenancySchema>

/** What the ending form needs to know first: London's today, and when the tenancy began. */
export const endingFormSchema = z.object({
  today: z.string(),
  beganOn: z.string(),
  /** The leaver's other plots, which a death does not end by itself. */
  otherPlots: z.array(z.string()),
})
export type EndingForm = z.infer<typeof endingFormSchema>

/** A former tenant in the list of them: their last tenancy to end. */
export const formerTenantSchema = endedTenancySchema.extend({
  firstName: z.string(),
  lastName: z.string(),
})
export type FormerTenant = z.infer<typeof formerTenantSchema>
