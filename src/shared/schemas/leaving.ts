import { z } from 'zod'
import { LEAVING_CHOICES } from '#shared/domain/part-year'
import { partYearMessages } from '#shared/messages/part-year'

// Apart from the plot's schemas, which every plots screen loads: only the leaving needs it.

/** A tenant leaving: what the committee chose for their invoice for the plot, when asked. */
export const leavingSchema = z.object({
  invoice: z.enum(LEAVING_CHOICES, { error: partYearMessages.invoiceChoice }).optional(),
})
export type Leaving = z.infer<typeof leavingSchema>
