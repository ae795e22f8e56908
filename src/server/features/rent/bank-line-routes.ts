import { z } from 'zod'
import { rentMessages } from '#shared/messages/rent'
import {
  bankCategorySchema,
  bankLinesSchema,
  categorisedSchema,
  categoryChangeSchema,
  categoryKeyParams,
  exportQuerySchema,
  keptLinesSchema,
  lineCategorySchema,
  lineIdParams,
  newCategorySchema,
  openingSchema,
  periodSchema,
  yearAccountsSchema,
} from '#shared/schemas/year-accounts'
import type { App } from '#server/core/app-type'
import { readUpload } from '#server/core/http/read-upload'
import type { Rent } from '#server/features/rent/context'
import {
  accountsCsv,
  accountsFileName,
  accountsFor,
  accountsPdf,
  bankLinesExport,
  exportFileName,
  saveOpening,
} from '#server/features/rent/accounts'
import {
  addCategory,
  bankCategories,
  bankLines,
  categoriseLine,
  changeCategory,
  keepLines,
} from '#server/features/rent/bank-lines'
import { committee, everySite, tags } from '#server/features/rent/route-config'

// Every bank line in its place and the year's accounts (issue 47, items 4 and 5): the committee's,
// and, as the bank account is, the whole organisation's: refused to an account limited to some
// sites (decision 48).
export function bankLineRoutes(app: App, rent: Rent) {
  const config = { config: committee, ...everySite }
  const categories = z.array(bankCategorySchema)

  app.post(
    '/api/rent/bank-lines',
    {
      ...config,
      validatorCompiler: () => () => true,
      schema: {
        consumes: ['multipart/form-data'],
        body: z.object({
          file: z.string().meta({ format: 'binary', description: 'The bank statement checked' }),
          layout: z.string().optional().meta({ description: 'The column layout it was read with' }),
        }),
        response: { 200: keptLinesSchema },
        tags,
      },
    },
    async (request) =>
      keepLines(rent, request.viewer!, await readUpload(request, rentMessages.oneStatementOnly)),
  )

  app.get(
    '/api/rent/bank-lines',
    { ...config, schema: { querystring: periodSchema, response: { 200: bankLinesSchema }, tags } },
    (request) => bankLines(rent.db, request.query.from, request.query.to),
  )

  app.put(
    '/api/rent/bank-lines/:lineId/category',
    {
      ...config,
      schema: {
        params: lineIdParams,
        body: lineCategorySchema,
        response: { 200: categorisedSchema },
        tags,
      },
    },
    (request) =>
      categoriseLine(rent, request.viewer!, request.params.lineId, request.body.categoryKey),
  )

  app.get(
    '/api/rent/bank-categories',
    { ...config, schema: { response: { 200: categories }, tags } },
    () => bankCategories(rent.db.kysely),
  )

  app.post(
    '/api/rent/bank-categories',
    { ...config, schema: { body: newCategorySchema, response: { 201: categories }, tags } },
    async (request, reply) =>
      reply.code(201).send(await addCategory(rent, request.viewer!, request.body)),
  )

  app.put(
    '/api/rent/bank-categories/:key',
    {
      ...config,
      schema: {
        params: categoryKeyParams,
        body: categoryChangeSchema,
        response: { 200: categories },
        tags,
      },
    },
    (request) => changeCategory(rent, request.viewer!, request.params.key, request.body),
  )

  app.get(
    '/api/rent/accounts',
    {
      ...config,
      schema: { querystring: periodSchema, response: { 200: yearAccountsSchema }, tags },
    },
    (request) => accountsFor(rent.db, request.query),
  )

  app.put(
    '/api/rent/accounts/opening',
    { ...config, schema: { body: openingSchema, response: { 200: openingSchema }, tags } },
    (request) => saveOpening(rent, request.viewer!, request.body),
  )

  app.get(
    '/api/rent/accounts.csv',
    {
      ...config,
      schema: {
        querystring: periodSchema,
        produces: ['text/csv'],
        response: { 200: z.string() },
        tags,
      },
    },
    async (request, reply) => {
      const accounts = await accountsFor(rent.db, request.query)
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${accountsFileName(accounts, 'csv')}"`,
        )
        .send(accountsCsv(accounts))
    },
  )

  app.get(
    '/api/rent/accounts.pdf',
    {
      ...config,
      schema: { querystring: periodSchema, produces: ['application/pdf'], tags },
    },
    async (request, reply) => {
      const accounts = await accountsFor(rent.db, request.query)
      const bytes = await accountsPdf(rent.db, rent.config, accounts, rent.clock.today())
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${accountsFileName(accounts, 'pdf')}"`)
        .send(bytes)
    },
  )

  app.get(
    '/api/rent/bank-lines.csv',
    {
      ...config,
      schema: {
        querystring: exportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string() },
        tags,
      },
    },
    async (request, reply) => {
      const { format, ...period } = request.query
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(format, period)}"`)
        .send(await bankLinesExport(rent.db, period, format))
    },
  )
}
