import { z } from 'zod'
import {
  arrearsInvoiceSchema,
  creditRefundSchema,
  creditUseSchema,
  dateRangeSchema,
  dueItemSchema,
  invoiceStatementSchema,
} from '#shared/schemas/rent'
import { siteQuerySchema } from '#shared/schemas/site'
import type { App } from '#server/core/app-type'
import { siteScope } from '#server/core/site-scope'
import type { Rent } from '#server/features/rent/context'
import { committee, tags } from '#server/features/rent/route-config'
import {
  arrears,
  dueToday,
  paymentsCsv,
  personStatement,
  plotStatement,
} from '#server/features/rent/reports'
import { refundCredit, useCredit } from '#server/features/rent/credit'

const statementsAnswer = invoiceStatementSchema
const nicknameParams = z.object({ id: z.string().min(1).max(40) })

// What the treasurer and the committee read: arrears, what falls due today, payments for the
// books, and a person's or a plot's statement; a person's credit used or given back.
export function reportRoutes(app: App, rent: Rent) {
  app.get(
    '/api/rent/arrears',
    {
      config: committee,
      schema: {
        querystring: siteQuerySchema,
        response: { 200: z.array(arrearsInvoiceSchema) },
        tags,
      },
    },
    (request) => arrears(app, siteScope(request, request.query.site), rent.clock.today()),
  )

  app.get(
    '/api/rent/due',
    {
      config: committee,
      schema: { querystring: siteQuerySchema, response: { 200: z.array(dueItemSchema) }, tags },
    },
    (request) => dueToday(rent.db, siteScope(request, request.query.site), rent.clock.today()),
  )

  app.get(
    '/api/rent/payments.csv',
    {
      config: committee,
      schema: {
        querystring: dateRangeSchema,
        produces: ['text/csv'],
        response: { 200: z.string() },
        tags,
      },
    },
    async (request, reply) => {
      const { from, to, site } = request.query
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payments-${from}-to-${to}.csv"`)
        .send(await paymentsCsv(rent.db, siteScope(request, site), from, to))
    },
  )

  app.get(
    '/api/people/:id/invoices',
    {
      config: committee,
      schema: {
        params: nicknameParams,
        querystring: siteQuerySchema,
        response: { 200: statementsAnswer },
        tags,
      },
    },
    (request) =>
      personStatement(rent.db, siteScope(request, request.query.site), request.params.id),
  )

  app.get(
    '/api/plots/:id/invoices',
    {
      config: committee,
      schema: { params: nicknameParams, response: { 200: statementsAnswer }, tags },
    },
    (request) => plotStatement(rent.db, siteScope(request), request.params.id),
  )

  // A payer's credit (decision 33): used on their invoices that owe, or given back to them.
  app.post(
    '/api/people/:id/credit/use',
    {
      config: committee,
      schema: {
        params: nicknameParams,
        body: creditUseSchema,
        response: { 200: statementsAnswer },
        tags,
      },
    },
    (request) =>
      useCredit(rent, request.viewer!, siteScope(request), request.params.id, request.body),
  )

  app.post(
    '/api/people/:id/credit/refund',
    {
      config: committee,
      schema: {
        params: nicknameParams,
        body: creditRefundSchema,
        response: { 200: statementsAnswer },
        tags,
      },
    },
    (request) =>
      refundCredit(rent, request.viewer!, siteScope(request), request.params.id, request.body),
  )
}
