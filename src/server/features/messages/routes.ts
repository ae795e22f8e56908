import type { App } from '#server/core/app-type'
import { z } from 'zod'
import {
  messageBatchSchema,
  messageDraftSchema,
  messagePlanSchema,
  messageSendSchema,
  messageTemplateInputSchema,
  messageTemplateSchema,
  myMessageSchema,
  sentMessageSchema,
  updateMessageTemplateSchema,
} from '#shared/schemas/messages'
import { serialIdParams } from '#server/core/http/serial-id'
import { LEVELS } from '#shared/domain/levels'
import {
  copiesOf,
  copiesTo,
  copiesToPerson,
  listBatches,
  planMessage,
  printForEveryone,
  printLetters,
  printMyLetter,
  sendMessage,
} from '#server/features/messages/service'
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  updateTemplate,
} from '#server/features/messages/templates'
import { sendPdf } from '#server/core/http/send-pdf'
import { copiesWithTextTo, eraseCopies, moveCopies } from '#server/core/email/batches'
import { ownPersonId } from '#server/core/viewer'
import { siteScope } from '#server/core/site-scope'
import { siteQuerySchema } from '#shared/schemas/site'

// Letters and e-mails to members: the committee writes, the server checks and queues, jobs send.
// A committee member limited to some sites writes to, and reads what went to, their sites' people
// (decision 50).
const committee = { minLevel: LEVELS.committee, personalData: true }
// Templates hold no one's details.
const templates = { minLevel: LEVELS.committee }
const tags = ['messages']
const personParams = z.object({ id: z.string().min(1).max(40) })

export async function messagesFeature(app: App) {
  app.hooks.describingPerson.push(async (tx, { id }) => ({
    messages: await copiesWithTextTo(tx, id),
  }))
  app.hooks.erasingPerson.push(eraseCopies)
  app.hooks.mergingPeople.push(moveCopies)
  app.post(
    '/api/messages/plan',
    {
      config: committee,
      schema: { body: messageDraftSchema, response: { 200: messagePlanSchema }, tags },
    },
    (request) => planMessage(app, siteScope(request), request.body),
  )

  app.post(
    '/api/messages',
    {
      config: committee,
      schema: {
        body: messageSendSchema,
        response: { 201: z.object({ batchId: z.number(), email: z.number(), post: z.number() }) },
        tags,
        description:
          "Sends the draft as its preview (POST /api/messages/plan) showed it: `confirmation` is the preview's. 400 without it, 409 when the message would now go to other people, by other ways or in other words than the preview showed.",
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sendMessage(app, request.viewer!, siteScope(request), request.body)),
  )

  app.get(
    '/api/messages',
    {
      config: committee,
      schema: {
        querystring: siteQuerySchema,
        response: { 200: z.array(messageBatchSchema) },
        tags,
        description:
          'The messages sent, newest first; with `site`, or to an account limited to some sites, those that went only to the people of its sites.',
      },
    },
    (request) => listBatches(app, siteScope(request, request.query.site)),
  )

  app.get(
    '/api/messages/:id/copies',
    {
      config: committee,
      schema: { params: serialIdParams, response: { 200: z.array(sentMessageSchema) }, tags },
    },
    (request) => copiesOf(app, siteScope(request), request.params.id),
  )

  app.get(
    '/api/messages/:id/letters.pdf',
    { config: committee, schema: { params: serialIdParams, tags } },
    async (request, reply) => {
      const { id } = request.params
      const letters = await printLetters(app, siteScope(request), id)
      return sendPdf(reply, `letters-${id}.pdf`, letters)
    },
  )

  app.get(
    '/api/messages/:id/letters-for-everyone.pdf',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        tags,
        description:
          "Every person's copy as a letter to print, those sent by e-mail too (a notice board, the AGM pack): a page each, made out to their name and postal address.",
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const letters = await printForEveryone(app, siteScope(request), id)
      return sendPdf(reply, `letters-for-everyone-${id}.pdf`, letters)
    },
  )

  app.get(
    '/api/people/:id/messages',
    {
      config: committee,
      schema: { params: personParams, response: { 200: z.array(sentMessageSchema) }, tags },
    },
    (request) => copiesToPerson(app, siteScope(request), request.params.id),
  )

  // What the association has sent the member (issue 29): only the person the account is.
  app.get(
    '/api/me/messages',
    {
      config: { minLevel: LEVELS.plotholder, personalData: true },
      schema: { response: { 200: z.array(myMessageSchema) }, tags },
    },
    (request) => copiesTo(app, ownPersonId(request.viewer!)),
  )

  app.get(
    '/api/me/letters/:id/pdf',
    {
      config: { minLevel: LEVELS.plotholder, personalData: true },
      schema: { params: serialIdParams, tags },
    },
    async (request, reply) => {
      const { id } = request.params
      const letter = await printMyLetter(app, ownPersonId(request.viewer!), id)
      return sendPdf(reply, `letter-${id}.pdf`, letter)
    },
  )

  app.get(
    '/api/message-templates',
    { config: templates, schema: { response: { 200: z.array(messageTemplateSchema) }, tags } },
    () => listTemplates(app),
  )

  app.post(
    '/api/message-templates',
    {
      config: templates,
      schema: { body: messageTemplateInputSchema, response: { 201: messageTemplateSchema }, tags },
    },
    async (request, reply) =>
      reply.status(201).send(await createTemplate(app, request.viewer!, request.body)),
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
    (request) => updateTemplate(app, request.viewer!, request.params.id, request.body),
  )

  app.delete(
    '/api/message-templates/:id',
    { config: templates, schema: { params: serialIdParams, tags } },
    async (request, reply) => {
      await deleteTemplate(app, request.viewer!, request.params.id)
      return reply.status(204).send()
    },
  )
}
