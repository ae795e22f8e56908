import type {
  RentNoticePreview,
  RentNoticeSent,
  SendRentNotice,
} from '#shared/schemas/rent-notices'
import { api } from '#client/lib/api.ts'
import { queryKeys } from '#client/lib/query-keys.ts'

// Notice to quit for rent (decision 61), apart from the rent screens' api.ts so that the confirm
// step, loaded when asked for, brings only what it uses.

/** The notice to quit an invoice allows today, read before anything is sent. */
export const previewRentNotice = (invoiceId: number) =>
  api<RentNoticePreview>(`/api/rent/invoices/${invoiceId}/notice-to-quit`)

/** Gives the notice as its preview showed it. */
export const sendRentNotice = ({
  invoiceId,
  confirmation,
}: { invoiceId: number } & SendRentNotice) =>
  api<RentNoticeSent>(`/api/rent/invoices/${invoiceId}/notice-to-quit`, {
    method: 'POST',
    json: { confirmation },
  })

/** What a notice to quit changes: the arrears list, the notices, the plot's and person's pages. */
export const changedByRentNotice = [
  queryKeys.rent,
  queryKeys.inspections,
  queryKeys.messages,
  queryKeys.plots,
]
