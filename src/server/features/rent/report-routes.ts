import { z } from 'zod'
import {
  dateRangeSchema,
  dueItemSchema,
  invoiceSchema,
  ledgerEntrySchema,
} from '#shared/schemas/rent'
import type { App } from '#server/core/app-type'
import type { Rent } from '#server/features/rent/context'
import { committee, tags } from '#server/features/rent/route-config'
import { arrears, dueToday, paymentsCsv, statement } from '#server/features/rent/reports'

const statementsAnswer = z.object({
  invoices: z.array(invoiceSchema),
  entries: z.array(ledgerEntrySchema),
})
const nicknameParams = z.object({ id: z.string().min(1).max(40) })

// What the treasurer and the committee read: arrears, what falls due today, payments for the
// books, and a person's or a plot's statement.
export function reportRoutes(app: App, rent: Rent) {
  app.get(
    '/api/rent/arrears',
    { config: committee, schema: { response: { 200: z.array(invoiceSchema) }, tags } },
    () => arrears(rent.db, rent.clock.today()),
  )

  app.get(
    '/api/rent/due',
    { config: committee, schema: { response: { 200: z.array(dueItemSchema) }, tags } },
    () => dueToday(rent.db, rent.clock.today()),
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
      const { from, to } = request.query
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payments-${from}-to-${to}.csv"`)
        .send(await paymentsCsv(rent.db, from, to))
    },
  )

  app.get(
    '/api/people/:id/invoices',
    {
      config: committee,
      schema: { params: nicknameParams, response: { 200: statementsAnswer }, tags },
    },
    (request) => statement(rent.db, { payerId: request.params.id }),
  )

  app.get(
    '/api/plots/:id/invoices',
    {
      config: committee,
      schema: { params: nicknameParams, response: { 200: statementsAnswer }, tags },
    },
    (request) => statement(rent.db, { plotId: request.params.id }),
  )
}
