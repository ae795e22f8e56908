import { z } from 'zod'
import { noticeToQuitMessages } from '#shared/messages/notice-to-quit'
import { confirmationSchema, reachSchema, sampleCopySchema } from '#shared/schemas/messages'

// A notice to quit for rent unpaid 40 days after it was due (issue 47, item 6, decision 61): what
// the arrears list's confirm step shows before anything is sent, and what sending it answers.

/**
 * GET /api/rent/invoices/:id/notice-to-quit: the person, the plot, the sum owed and the day the
 * notice ends, whom it reaches and how, the letter as its first tenant will read it, and the
 * confirmation the send carries back.
 */
export const rentNoticePreviewSchema = reachSchema.safeExtend({
  invoiceId: z.number(),
  invoiceNumber: z.number(),
  plotId: z.string(),
  plotName: z.string(),
  payerName: z.string(),
  /** The tenants it goes to, by name. */
  tenants: z.array(z.string()),
  outstanding: z.int(),
  overdue: z.int(),
  dueOn: z.string(),
  daysPastDue: z.int(),
  /** The tenancy's last day: one month from London's today. */
  endsOn: z.string(),
  mailServer: z.boolean(),
  sample: z.object({ name: z.string(), copies: z.array(sampleCopySchema) }),
  confirmation: z.string(),
})
export type RentNoticePreview = z.infer<typeof rentNoticePreviewSchema>

/** POST /api/rent/invoices/:id/notice-to-quit: the preview's confirmation. */
export const sendRentNoticeSchema = z.object({
  confirmation: confirmationSchema(noticeToQuitMessages.confirmFirst),
})
export type SendRentNotice = z.infer<typeof sendRentNoticeSchema>

/** What sending answers: the notice given, and the day the tenancy ends. */
export const rentNoticeSentSchema = z.object({
  noticeId: z.number(),
  invoiceId: z.number(),
  plotId: z.string(),
  plotName: z.string(),
  /** The tenants it went to (person ids). */
  tenants: z.array(z.string()),
  overdue: z.int(),
  endsOn: z.string(),
})
export type RentNoticeSent = z.infer<typeof rentNoticeSentSchema>
