import { z } from 'zod'
import {
  invoiceSchema,
  previewYearSchema,
  rentYearSchema,
  startYearSchema,
  yearPreviewSchema,
  yearSummarySchema,
} from '#shared/schemas/rent'
import { siteQuerySchema } from '#shared/schemas/site'
import type { App } from '#server/core/app-type'
import { siteScope } from '#server/core/site-scope'
import { serialIdParams } from '#server/core/http/serial-id'
import type { JobKind } from '#server/core/jobs/runner'
import type { Rent } from '#server/features/rent/context'
import { yearAsPdf } from '#server/features/rent/invoices'
import { committee, everySite, tags } from '#server/features/rent/route-config'
import { yearSummary } from '#server/features/rent/reports'
import { findInvoices, listYears } from '#server/features/rent/sql'
import { raiseInvoice } from '#server/features/rent/part-year'
import { previewYear, startYear } from '#server/features/rent/start-year'
import { sendPdf } from '#server/core/http/send-pdf'

const raisedAnswer = z.object({ id: z.number(), number: z.number() })
const startedAnswer = z.object({ yearId: z.number(), label: z.string(), created: z.number() })

// Rent years: starting one (after its preview), and each year's invoices, summary and PDF.
export function yearRoutes(app: App, rent: Rent, deadline: JobKind<{ invoiceId: number }>) {
  app.get(
    '/api/rent/years',
    { config: committee, schema: { response: { 200: z.array(rentYearSchema) }, tags } },
    () => listYears(rent.db.kysely),
  )

  // "Raise an invoice" (issue 43): a plot's payer, for the rest of the year under way.
  app.post(
    '/api/plots/:id/invoices',
    {
      config: committee,
      schema: {
        params: z.object({ id: z.string().min(1).max(40) }),
        response: { 201: raisedAnswer },
        tags,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await raiseInvoice(
            rent,
            deadline,
            request.viewer!,
            siteScope(request),
            request.params.id,
          ),
        ),
  )

  // One year for the whole organisation: its invoices numbered in one run, made in one
  // transaction with every site's (decision 48).
  app.post(
    '/api/rent/years/preview',
    {
      config: committee,
      ...everySite,
      schema: { body: previewYearSchema, response: { 200: yearPreviewSchema }, tags },
    },
    (request) => previewYear(rent, request.body.startDate, rent.clock.today()),
  )

  app.post(
    '/api/rent/years',
    {
      config: committee,
      ...everySite,
      schema: {
        body: startYearSchema,
        response: { 200: startedAnswer, 201: startedAnswer },
        tags,
        description:
          "Makes every invoice of the year, their e-mails and letters, and their deadlines, in one transaction. `confirmed` is the preview's `sending`, as the secretary confirmed it: 400 without it, 409 when the year would now send something else. 200 with created 0 when the year was already started.",
      },
    },
    async (request, reply) => {
      const started = await startYear(rent, deadline, request.viewer!, request.body)
      return reply.status(started.created > 0 ? 201 : 200).send(started)
    },
  )

  app.get(
    '/api/rent/years/:id/invoices',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        querystring: siteQuerySchema,
        response: { 200: z.array(invoiceSchema) },
        tags,
      },
    },
    (request) =>
      findInvoices(rent.db.kysely, {
        scope: siteScope(request, request.query.site),
        yearId: request.params.id,
      }),
  )

  app.get(
    '/api/rent/years/:id/summary',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        querystring: siteQuerySchema,
        response: { 200: yearSummarySchema },
        tags,
      },
    },
    (request) => yearSummary(rent.db, siteScope(request, request.query.site), request.params.id),
  )

  app.get(
    '/api/rent/years/:id/invoices.pdf',
    {
      config: { ...committee, personalData: true },
      schema: {
        params: serialIdParams,
        querystring: siteQuerySchema.extend({ post: z.enum(['1']).optional() }),
        tags,
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await yearAsPdf(
        rent,
        siteScope(request, request.query.site),
        request.params.id,
        request.query.post === '1',
      )
      return sendPdf(reply, fileName, stream)
    },
  )
}
