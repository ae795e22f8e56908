import type { App } from '#server/core/app-type'
import { z } from 'zod'
import {
  messageBatchSchema,
  messageDraftSchema,
  messagePlanSchema,
  messageTemplateInputSchema,
  messageTemplateSchema,
  sentMessageSchema,
  updateMessageTemplateSchema,
} from '#shared/schemas/messages'
import { serialIdParams } from '#server/core/http/serial-id'
import { LEVELS } from '#shared/domain/levels'
import { listBatches, planMessage, queueMessage } from '#server/features/messages/service'
import { copiesOf, copiesTo } from '#server/features/messages/sql'
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  updateTemplate,
} from '#server/features/messages/templates'
import { associationDetails } from '#server/core/db/association-settings'
import { notFound } from '#server/core/errors'
import { messages } from '#shared/messages'

// Letters and e-mails to members: the committee writes, the server checks and queues, jobs send.
const committee = { minLevel: LEVELS.committee, personalData: true }
// Templates hold no one's details.
const templates = { minLevel: LEVELS.committee }
const tags = ['messages']
const personParams = z.object({ id: z.string().min(1).max(40) })

export async function messagesFeature(app: App) {
  const { db, config, jobs, mailer, copies } = app
  const mailServer = mailer.kind === 'smtp'

  app.post(
    '/api/messages/plan',
    {
      config: committee,
      schema: { body: messageDraftSchema, response: { 200: messagePlanSchema }, tags },
    },
    (request) => planMessage(db, config, mailServer, request.body),
  )

  app.post(
    '/api/messages',
    {
      config: committee,
      schema: {
        body: messageDraftSchema,
        response: { 201: z.object({ batchId: z.number(), email: z.number(), post: z.number() }) },
        tags,
      },
    },
    async (request, reply) => {
      const queued = await queueMessage(db, config, copies, request.viewer!, request.body)
      jobs.wake()
      return reply.status(201).send(queued)
    },
  )

  app.get(
    '/api/messages',
    { config: committee, schema: { response: { 200: z.array(messageBatchSchema) }, tags } },
    () => listBatches(db),
  )

  app.get(
    '/api/messages/:id/copies',
    {
      config: committee,
      schema: { params: serialIdParams, response: { 200: z.array(sentMessageSchema) }, tags },
    },
    (request) => copiesOf(db.kysely, request.params.id),
  )

  app.get(
    '/api/messages/:id/letters.pdf',
    { config: committee, schema: { params: serialIdParams, tags } },
    async (request, reply) => {
      const { id } = request.params
      // pdfkit and its fonts are loaded by the first letters printed, not by every server.
      const { hasLetters, lettersPdf } = await import('#server/features/messages/letters')
      if (!(await hasLetters(db, id))) throw notFound(messages.noLetters)
      const association = await associationDetails(db.kysely, config)
      const date = new Date().toLocaleDateString('en-GB', { dateStyle: 'long' })
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="letters-${id}.pdf"`)
        .send(lettersPdf(db, id, association, date))
    },
  )

  app.get(
    '/api/people/:id/messages',
    {
      config: committee,
      schema: { params: personParams, response: { 200: z.array(sentMessageSchema) }, tags },
    },
    (request) => copiesTo(db.kysely, request.params.id),
  )

  app.get(
    '/api/message-templates',
    { config: templates, schema: { response: { 200: z.array(messageTemplateSchema) }, tags } },
    () => listTemplates(db),
  )

  app.post(
    '/api/message-templates',
    {
      config: templates,
      schema: { body: messageTemplateInputSchema, response: { 201: messageTemplateSchema }, tags },
    },
    async (request, reply) =>
      reply.status(201).send(await createTemplate(db, request.viewer!, request.body)),
  )

  app.put(
    '/api/message-templates/:id',
    {
      config: templates,
      schema: {
        params: serialIdParams,
        body: updateMessageTemplateSchema,
        response: { 200: messageTemplateSchema },
        tags,
      },
    },
    (request) => updateTemplate(db, request.viewer!, request.params.id, request.body),
  )

  app.delete(
    '/api/message-templates/:id',
    { config: templates, schema: { params: serialIdParams, tags } },
    async (request, reply) => {
      await deleteTemplate(db, request.viewer!, request.params.id)
      return reply.status(204).send()
    },
  )
}
