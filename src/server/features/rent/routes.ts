import multipart from '@fastify/multipart'
import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import { messages } from '#shared/messages'
import { rentMessages } from '#shared/rent-messages'
import {
  confirmMatchesSchema,
  correctionInputSchema,
  dateRangeSchema,
  dueItemSchema,
  invoiceDetailSchema,
  invoiceSchema,
  ledgerEntrySchema,
  paymentInputSchema,
  rentSettingsInputSchema,
  rentYearSchema,
  startYearSchema,
  statementLineSchema,
  storedRentSettingsSchema,
  yearPreviewSchema,
  yearSummarySchema,
} from '#shared/schemas/rent'
import type { App } from '#server/core/app-type'
import { associationDetails } from '#server/core/db/association-settings'
import { notFound, badRequest } from '#server/core/errors'
import { readUpload } from '#server/core/http/read-upload'
import { serialIdParams } from '#server/core/http/serial-id'
import { deadlineJob } from '#server/features/rent/deadlines'
import { recordCorrection, recordMatches, recordPayment } from '#server/features/rent/ledger'
import {
  arrears,
  dueToday,
  paymentsCsv,
  statement,
  yearSummary,
} from '#server/features/rent/reports'
import { rentSettings, saveRentSettings } from '#server/features/rent/settings'
import {
  findInvoice,
  findInvoices,
  invoiceLinesOf,
  ledgerEntries,
  listYears,
} from '#server/features/rent/sql'
import { previewYear, startYear } from '#server/features/rent/start-year'
import { checkStatement } from '#server/features/rent/statement'

// The rent year: settings (administrator), invoices, the ledger, reminders and reports
// (committee). Amounts are whole pence throughout.
const committee = { minLevel: LEVELS.committee }
const admin = { minLevel: LEVELS.admin }
const tags = ['rent']
const STATEMENT_MAX_BYTES = 5 * 1024 * 1024
const statementAnswer = z.array(statementLineSchema)
const statementsAnswer = z.object({
  invoices: z.array(invoiceSchema),
  entries: z.array(ledgerEntrySchema),
})
const nicknameParams = z.object({ id: z.string().min(1).max(40) })

export async function rentFeature(app: App) {
  const { db, config, jobs, copies } = app
  await app.register(multipart, {
    limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 1, parts: 2 },
  })
  const deadline = deadlineJob(db, copies, () => jobs)
  jobs.define(deadline)
  const today = () => jobs.clock().toISOString().slice(0, 10)

  const invoiceAsPdf = async (id: number) => {
    const invoice = await findInvoice(db.kysely, id)
    if (!invoice) throw notFound(rentMessages.invoiceMissing(id))
    const [association, settings] = await Promise.all([
      associationDetails(db.kysely, config),
      rentSettings(db.kysely),
    ])
    const { invoicePdf } = await import('#server/features/rent/invoice-pdf')
    return {
      invoice,
      bytes: await invoicePdf(db, invoice, association, settings.paymentInstructions),
    }
  }
  copies.defineAttachment('invoice', async (id) => {
    const { invoice, bytes } = await invoiceAsPdf(Number(id))
    return {
      filename: `invoice-${invoice.number}.pdf`,
      content: bytes,
      contentType: 'application/pdf',
    }
  })

  app.get(
    '/api/rent/settings',
    { config: admin, schema: { response: { 200: storedRentSettingsSchema }, tags } },
    () => rentSettings(db.kysely),
  )

  app.put(
    '/api/rent/settings',
    {
      config: admin,
      schema: {
        body: rentSettingsInputSchema,
        response: { 200: storedRentSettingsSchema },
        tags,
      },
    },
    (request) => saveRentSettings(db, request.viewer!, request.body),
  )

  app.get(
    '/api/rent/years',
    { config: committee, schema: { response: { 200: z.array(rentYearSchema) }, tags } },
    () => listYears(db.kysely),
  )

  app.post(
    '/api/rent/years/preview',
    {
      config: committee,
      schema: { body: startYearSchema, response: { 200: yearPreviewSchema }, tags },
    },
    (request) => previewYear(db, request.body.startDate, today()),
  )

  app.post(
    '/api/rent/years',
    {
      config: committee,
      schema: {
        body: startYearSchema,
        response: { 200: startedAnswer, 201: startedAnswer },
        tags,
        description:
          'Makes every invoice of the year, their e-mails and letters, and their deadlines, in one transaction. 200 with created 0 when the year was already started.',
      },
    },
    async (request, reply) => {
      const started = await startYear(
        { db, copies, jobs, deadline },
        request.viewer!,
        request.body.startDate,
      )
      if (started.created > 0) jobs.wake()
      return reply.status(started.created > 0 ? 201 : 200).send(started)
    },
  )

  app.get(
    '/api/rent/years/:id/invoices',
    {
      config: committee,
      schema: { params: serialIdParams, response: { 200: z.array(invoiceSchema) }, tags },
    },
    (request) => findInvoices(db.kysely, { yearId: request.params.id }),
  )

  app.get(
    '/api/rent/years/:id/summary',
    {
      config: committee,
      schema: { params: serialIdParams, response: { 200: yearSummarySchema }, tags },
    },
    (request) => yearSummary(db, request.params.id),
  )

  app.get(
    '/api/rent/years/:id/invoices.pdf',
    {
      config: { ...committee, personalData: true },
      schema: {
        params: serialIdParams,
        querystring: z.object({ post: z.enum(['1']).optional() }),
        tags,
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const year = (await listYears(db.kysely)).find((y) => y.id === id)
      if (!year) throw notFound(rentMessages.rentYearMissing)
      const [association, settings] = await Promise.all([
        associationDetails(db.kysely, config),
        rentSettings(db.kysely),
      ])
      const { yearInvoicesPdf } = await import('#server/features/rent/invoice-pdf')
      const post = request.query.post === '1'
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="invoices-${year.startDate}${post ? '-post' : ''}.pdf"`,
        )
        .send(yearInvoicesPdf(db, year, association, settings.paymentInstructions, post))
    },
  )

  app.get(
    '/api/rent/invoices/:id',
    {
      config: committee,
      schema: { params: serialIdParams, response: { 200: invoiceDetailSchema }, tags },
    },
    async (request) => {
      const { id } = request.params
      const invoice = await findInvoice(db.kysely, id)
      if (!invoice) throw notFound(rentMessages.invoiceMissing(id))
      const [lines, entries] = await Promise.all([
        invoiceLinesOf(db.kysely, id),
        ledgerEntries(db.kysely, [id]),
      ])
      return { ...invoice, lines, entries }
    },
  )

  app.get(
    '/api/rent/invoices/:id/pdf',
    { config: { ...committee, personalData: true }, schema: { params: serialIdParams, tags } },
    async (request, reply) => {
      const { invoice, bytes } = await invoiceAsPdf(request.params.id)
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="invoice-${invoice.number}.pdf"`)
        .send(bytes)
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
        .send(await recordPayment(db, request.viewer!, request.params.id, request.body)),
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
        .send(await recordCorrection(db, request.viewer!, request.params.id, request.body)),
  )

  app.get(
    '/api/rent/arrears',
    { config: committee, schema: { response: { 200: z.array(invoiceSchema) }, tags } },
    () => arrears(db, today()),
  )

  app.get(
    '/api/rent/due',
    { config: committee, schema: { response: { 200: z.array(dueItemSchema) }, tags } },
    () => dueToday(db, today()),
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
        .send(await paymentsCsv(db, from, to))
    },
  )

  app.post(
    '/api/rent/statement',
    {
      config: committee,
      validatorCompiler: () => () => true,
      schema: {
        consumes: ['multipart/form-data'],
        body: z.object({
          file: z
            .string()
            .meta({ format: 'binary', description: 'A bank statement as CSV, at most 5 MB' }),
        }),
        response: { 200: statementAnswer },
        tags,
      },
    },
    async (request) => {
      const upload = await readUpload(request, rentMessages.oneStatementOnly)
      if (upload.tooLarge) throw badRequest(rentMessages.statementTooLarge)
      if (!upload.file) throw badRequest(messages.statementEmpty)
      return checkStatement(db, upload.file.bytes)
    },
  )

  app.post(
    '/api/rent/statement/confirm',
    {
      config: committee,
      schema: {
        body: confirmMatchesSchema,
        response: { 200: z.object({ recorded: z.number() }) },
        tags,
      },
    },
    (request) => recordMatches(db, request.viewer!, request.body),
  )

  app.get(
    '/api/people/:id/invoices',
    {
      config: committee,
      schema: { params: nicknameParams, response: { 200: statementsAnswer }, tags },
    },
    (request) => statement(db, { payerId: request.params.id }),
  )

  app.get(
    '/api/plots/:id/invoices',
    {
      config: committee,
      schema: { params: nicknameParams, response: { 200: statementsAnswer }, tags },
    },
    (request) => statement(db, { plotId: request.params.id }),
  )
}

const startedAnswer = z.object({ yearId: z.number(), label: z.string(), created: z.number() })
