import type { App } from '#server/core/app-type'
import { z } from 'zod'
import {
  emailChangeTokenSchema,
  erasedPersonSchema,
  erasureCheckSchema,
  joinSiteListSchema,
  myDetailsSchema,
  myEmailSchema,
  myRecordSchema,
  newPersonSchema,
  ownChangeSchema,
  personSchema,
  updatePersonSchema,
  waitingPlaceSchema,
} from '#shared/schemas/person'
import {
  createPerson,
  deletePerson,
  getMyRecord,
  getPerson,
  getWaitingPlace,
  listPeople,
  moveToPlotholders,
  moveToWaitingList,
  nicknameProposal,
  ownChanges,
  updateMyDetails,
  updatePerson,
  joinSiteList,
  leaveSiteList,
} from '#server/features/people/service'
import type { FastifyReply } from 'fastify'
import { ownPersonId, type Viewer } from '#server/core/viewer'
import {
  confirmEmailChange,
  emailChanges,
  requestEmailChange,
} from '#server/features/people/email-change'
import { LEVELS } from '#shared/domain/levels'
import { sendFile } from '#server/core/http/send-pdf'
import { personalDataZip } from '#server/features/people/personal-data'
import { erasePerson, erasureCheck } from '#server/features/people/erasure'
import { privacyRoutes } from '#server/features/people/privacy-routes'
import { tenancyEndsRoutes } from '#server/features/people/tenancy-ends-routes'
import { mergeRoutes } from '#server/features/people/merge-routes'
import { EVERY_SITE, siteScope, type SiteScope } from '#server/core/site-scope'
import { siteQuerySchema } from '#shared/schemas/site'
import { siteIdParams } from '#server/core/http/serial-id'

const idParams = z.object({ id: z.string().min(1).max(40) })
const listQuery = siteQuerySchema.extend({
  status: z.enum(['plotholders', 'waitinglist']).optional(),
})
const nameQuery = z.object({
  first: z.string().max(100).default(''),
  last: z.string().max(100).default(''),
})
// Everything here returns or changes address, phone and email: committee only.
const committee = { minLevel: LEVELS.committee, personalData: true }
const tags = ['people']
// A member's own record (issue 29): every signed-in level, and only the person their account is.
const member = { minLevel: LEVELS.plotholder, personalData: true }

export async function peopleFeature(app: App) {
  const { sendList } = app
  app.get(
    '/api/people',
    {
      config: committee,
      schema: { querystring: listQuery, response: { 200: z.array(personSchema) }, tags },
    },
    (request, reply) =>
      sendList(request, reply, z.array(personSchema), () =>
        listPeople(app, siteScope(request, request.query.site), request.query.status),
      ),
  )

  // Beside /api/people rather than under it: any word there could be somebody's nickname.
  app.get(
    '/api/nickname-proposal',
    {
      config: { minLevel: LEVELS.committee },
      schema: {
        querystring: nameQuery,
        response: { 200: z.object({ nickname: z.string() }) },
        tags,
      },
    },
    (request) => nicknameProposal(app, request.query.first, request.query.last),
  )

  app.get(
    '/api/people/:id',
    { config: committee, schema: { params: idParams, response: { 200: personSchema }, tags } },
    (request) => getPerson(app, siteScope(request), request.params.id),
  )

  // What the member changed of their own record, for the committee (issue 29).
  app.get(
    '/api/people/:id/own-changes',
    {
      config: committee,
      schema: { params: idParams, response: { 200: z.array(ownChangeSchema) }, tags },
    },
    (request) => ownChanges(app, siteScope(request), request.params.id),
  )

  // Everything kept about the person, in one download (issue 30): the committee's, and the
  // member's own.
  const sendPersonalData = async (
    viewer: Viewer,
    scope: SiteScope,
    id: string,
    reply: FastifyReply,
  ) => {
    const { fileName, zip } = await personalDataZip(app, viewer, scope, id)
    return sendFile(reply, 'application/zip', fileName, zip)
  }
  app.get(
    '/api/people/:id/personal-data',
    { config: committee, schema: { params: idParams, tags } },
    (request, reply) =>
      sendPersonalData(request.viewer!, siteScope(request), request.params.id, reply),
  )

  app.get(
    '/api/people/:id/erasure',
    {
      config: committee,
      schema: { params: idParams, response: { 200: erasureCheckSchema }, tags },
    },
    (request) => erasureCheck(app, siteScope(request), request.params.id),
  )

  app.post(
    '/api/people/:id/erasure',
    {
      config: committee,
      schema: { params: idParams, response: { 200: erasedPersonSchema }, tags },
    },
    (request) => erasePerson(app, request.viewer!.userName, siteScope(request), request.params.id),
  )

  app.get('/api/me/personal-data', { config: member, schema: { tags } }, (request, reply) =>
    sendPersonalData(request.viewer!, EVERY_SITE, ownPersonId(request.viewer!), reply),
  )

  app.get(
    '/api/me/details',
    { config: member, schema: { response: { 200: myRecordSchema }, tags } },
    (request) => getMyRecord(app, ownPersonId(request.viewer!)),
  )

  app.put(
    '/api/me/details',
    { config: member, schema: { body: myDetailsSchema, response: { 200: personSchema }, tags } },
    (request) => updateMyDetails(app, request.viewer!, ownPersonId(request.viewer!), request.body),
  )

  // A new e-mail address takes effect once the link sent to it is followed (issue 29). Each
  // request e-mails a link: limited per client as every sender of links is (issue 42), and so is
  // following one.
  const changes = emailChanges(app)
  const rateLimit = { max: app.config.limits.passwordReset, timeWindow: '10 minutes' }
  app.put(
    '/api/me/email',
    {
      config: { ...member, rateLimit },
      schema: { body: myEmailSchema, tags },
    },
    async (request, reply) => {
      const viewer = request.viewer!
      await requestEmailChange(changes, viewer, ownPersonId(viewer), request.body.email)
      return reply.status(202).send()
    },
  )

  app.post(
    '/api/email-change/confirm',
    {
      config: { minLevel: LEVELS.guest, rateLimit },
      schema: {
        body: emailChangeTokenSchema,
        response: { 200: z.object({ email: z.string() }) },
        tags,
      },
    },
    (request) => confirmEmailChange(changes, request.body.token),
  )

  // Issue 46: one more site's list, or one list left of several (decision 47).
  app.post(
    '/api/people/:id/waiting-places',
    {
      config: committee,
      schema: {
        params: idParams,
        body: joinSiteListSchema,
        response: { 200: waitingPlaceSchema.nullable() },
        tags,
        description: "The person joins one more site's list, at its end.",
      },
    },
    (request) =>
      joinSiteList(
        app,
        request.viewer!,
        siteScope(request),
        request.params.id,
        request.body.siteId,
      ),
  )

  app.delete(
    '/api/people/:id/waiting-places/:siteId',
    {
      config: committee,
      schema: {
        params: idParams.extend(siteIdParams.shape),
        response: { 200: waitingPlaceSchema.nullable() },
        tags,
        description: "The person leaves one site's list and stays on their others.",
      },
    },
    (request) =>
      leaveSiteList(
        app,
        request.viewer!,
        siteScope(request),
        request.params.id,
        request.params.siteId,
      ),
  )

  app.get(
    '/api/people/:id/waiting-list-place',
    {
      config: committee,
      schema: {
        params: idParams,
        querystring: siteQuerySchema,
        response: { 200: waitingPlaceSchema.nullable() },
        tags,
      },
    },
    (request) => getWaitingPlace(app, siteScope(request, request.query.site), request.params.id),
  )

  app.post(
    '/api/people',
    {
      config: committee,
      schema: {
        body: newPersonSchema,
        querystring: siteQuerySchema,
        response: { 201: personSchema },
        tags,
      },
    },
    async (request, reply) => {
      const scope = siteScope(request, request.query.site)
      return reply.status(201).send(await createPerson(app, request.viewer!, scope, request.body))
    },
  )

  app.put(
    '/api/people/:id',
    {
      config: committee,
      schema: {
        params: idParams,
        querystring: siteQuerySchema,
        body: updatePersonSchema,
        response: { 200: personSchema },
        tags,
      },
    },
    (request) =>
      updatePerson(
        app,
        request.viewer!,
        siteScope(request, request.query.site),
        request.params.id,
        request.body,
      ),
  )

  app.delete(
    '/api/people/:id',
    {
      config: committee,
      schema: { params: idParams, response: { 204: z.null() }, tags },
    },
    async (request, reply) => {
      await deletePerson(app, request.viewer!, siteScope(request), request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/api/people/:id/move-to-waiting-list',
    {
      config: committee,
      schema: {
        params: idParams,
        querystring: siteQuerySchema,
        response: { 200: personSchema },
        tags,
      },
    },
    (request) =>
      moveToWaitingList(
        app,
        request.viewer!,
        siteScope(request, request.query.site),
        request.params.id,
      ),
  )

  app.post(
    '/api/people/:id/move-to-plotholders',
    { config: committee, schema: { params: idParams, response: { 200: personSchema }, tags } },
    (request) => moveToPlotholders(app, request.viewer!, siteScope(request), request.params.id),
  )
  await privacyRoutes(app)
  await tenancyEndsRoutes(app)
  await mergeRoutes(app)
}
