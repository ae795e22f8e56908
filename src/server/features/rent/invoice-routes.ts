import {
  correctionInputSchema,
  invoiceDetailSchema,
  ledgerEntrySchema,
  paymentInputSchema,
} from '#shared/schemas/rent'
import type { App } from '#server/core/app-type'
import { serialIdParams } from '#server/core/http/serial-id'
import type { Rent } from '#server/features/rent/context'
import { invoiceAsPdf, invoiceDetail } from '#server/features/rent/invoices'
import { recordCorrection, recordPayment } from '#server/features/rent/ledger'
import { committee, tags } from '#server/features/rent/route-config'
import { sendPdf } from '#server/core/http/send-pdf'

// One invoice: what it says and what was paid on it, its PDF, and the ledger's new entries.
export function invoiceRoutes(app: App, rent: Rent) {
  app.get(
    '/api/rent/invoices/:id',
    {
      config: committee,
      schema: { params: serialIdParams, response: { 200: invoiceDetailSchema }, tags },
    },
    (request) => invoiceDetail(rent, request.params.id),
  )

  app.get(
    '/api/rent/invoices/:id/pdf',
    { config: { ...committee, personalData: true }, schema: { params: serialIdParams, tags } },
    async (request, reply) => {
      const { fileName, bytes } = await invoiceAsPdf(rent, request.params.id)
      return sendPdf(reply, fileName, bytes, 'inline')
    },
  )

  app.post(
    '/api/rent/invoices/:id/payments',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        body: paymentInputSchema,
        response: { 201: ledgerEntrySchema },
        tags,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordPayment(rent, request.viewer!, request.params.id, request.body)),
  )

  app.post(
    '/api/rent/invoices/:id/corrections',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        body: correctionInputSchema,
        response: { 201: ledgerEntrySchema },
        tags,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordCorrection(rent, request.viewer!, request.params.id, request.body)),
  )
}
