import {
  correctionInputSchema,
  instalmentSplitSchema,
  invoiceDetailSchema,
  ledgerEntrySchema,
  myRentSchema,
  paymentInputSchema,
} from '#shared/schemas/rent'
import type { App } from '#server/core/app-type'
import { siteScope } from '#server/core/site-scope'
import { serialIdParams } from '#server/core/http/serial-id'
import type { Rent } from '#server/features/rent/context'
import { invoiceAsPdf, invoiceDetail, myInvoiceAsPdf, myRent } from '#server/features/rent/invoices'
import { ownPersonId } from '#server/core/viewer'
import { LEVELS } from '#shared/domain/levels'
import { recordCorrection, recordPayment } from '#server/features/rent/ledger'
import { committee, tags } from '#server/features/rent/route-config'
import { sendPdf } from '#server/core/http/send-pdf'
import type { JobKind } from '#server/core/jobs/runner'
import { splitInvoice } from '#server/features/rent/instalments'

// One invoice: what it says and what was paid on it, its PDF, and the ledger's new entries.
export function invoiceRoutes(app: App, rent: Rent, deadline: JobKind<{ invoiceId: number }>) {
  app.get(
    '/api/rent/invoices/:id',
    {
      config: committee,
      schema: { params: serialIdParams, response: { 200: invoiceDetailSchema }, tags },
    },
    (request) => invoiceDetail(rent, siteScope(request), request.params.id),
  )

  app.get(
    '/api/rent/invoices/:id/pdf',
    { config: { ...committee, personalData: true }, schema: { params: serialIdParams, tags } },
    async (request, reply) => {
      const { fileName, bytes } = await invoiceAsPdf(rent, siteScope(request), request.params.id)
      return sendPdf(reply, fileName, bytes, 'inline')
    },
  )

  // The member's own (issue 29): any signed-in level, only the person the account is.
  const member = { minLevel: LEVELS.plotholder, personalData: true }
  app.get(
    '/api/me/rent',
    { config: member, schema: { response: { 200: myRentSchema }, tags } },
    (request) => myRent(rent, ownPersonId(request.viewer!)),
  )

  app.get(
    '/api/me/invoices/:id/pdf',
    { config: member, schema: { params: serialIdParams, tags } },
    async (request, reply) => {
      const personId = ownPersonId(request.viewer!)
      const { fileName, bytes } = await myInvoiceAsPdf(rent, personId, request.params.id)
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
        .send(
          await recordPayment(
            rent,
            request.viewer!,
            siteScope(request),
            request.params.id,
            request.body,
          ),
        ),
  )

  // Instalments (decision 60): a split, or a new one in place of the last.
  app.post(
    '/api/rent/invoices/:id/instalments',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        body: instalmentSplitSchema,
        response: { 200: invoiceDetailSchema },
        tags,
      },
    },
    (request) =>
      splitInvoice(
        rent,
        deadline,
        request.viewer!,
        siteScope(request),
        request.params.id,
        request.body,
      ),
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
        .send(
          await recordCorrection(
            rent,
            request.viewer!,
            siteScope(request),
            request.params.id,
            request.body,
          ),
        ),
  )
}
