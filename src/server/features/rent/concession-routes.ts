import { z } from 'zod'
import {
  concessionEndSchema,
  concessionGrantInputSchema,
  concessionGrantSchema,
  concessionGrantsSchema,
  concessionKindInputSchema,
  concessionKindSchema,
  concessionKindsSchema,
  concessionKindUpdateSchema,
  concessionsEndingSchema,
} from '#shared/schemas/concessions'
import type { App } from '#server/core/app-type'
import { serialIdParams } from '#server/core/http/serial-id'
import { siteScope } from '#server/core/site-scope'
import {
  addKind,
  concessionsEnding,
  endConcession,
  grantConcession,
  listKinds,
  personGrants,
  updateKind,
} from '#server/features/rent/concessions'
import type { Rent } from '#server/features/rent/context'
import { admin, committee, everySite, tags } from '#server/features/rent/route-config'

const personParams = z.object({ id: z.string().min(1).max(40) })

// Concessions (issue 47, item 1, decision 57): the kinds are the administrator's, for the whole
// organisation; the grants the committee's, to the people their sites reach.
export function concessionRoutes(app: App, rent: Rent) {
  app.get(
    '/api/rent/concession-kinds',
    { config: committee, schema: { response: { 200: concessionKindsSchema }, tags } },
    () => listKinds(rent),
  )

  app.post(
    '/api/rent/concession-kinds',
    {
      config: admin,
      ...everySite,
      schema: {
        body: concessionKindInputSchema,
        response: { 201: concessionKindSchema },
        tags,
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addKind(rent, request.viewer!, request.body)),
  )

  app.put(
    '/api/rent/concession-kinds/:id',
    {
      config: admin,
      ...everySite,
      schema: {
        params: serialIdParams,
        body: concessionKindUpdateSchema,
        response: { 200: concessionKindSchema },
        tags,
        description: 'A kind changed, against the version read: from the next invoice made.',
      },
    },
    (request) => updateKind(rent, request.viewer!, request.params.id, request.body),
  )

  app.get(
    '/api/people/:id/concessions',
    {
      config: committee,
      schema: { params: personParams, response: { 200: concessionGrantsSchema }, tags },
    },
    (request) => personGrants(rent, siteScope(request), request.params.id),
  )

  app.post(
    '/api/people/:id/concessions',
    {
      config: committee,
      schema: {
        params: personParams,
        body: concessionGrantInputSchema,
        response: { 201: concessionGrantSchema },
        tags,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await grantConcession(
            rent,
            request.viewer!,
            siteScope(request),
            request.params.id,
            request.body,
          ),
        ),
  )

  app.put(
    '/api/rent/concessions/:id/end',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        body: concessionEndSchema,
        response: { 200: concessionGrantSchema },
        tags,
        description: "A grant's last day in force set, or moved, against the version read.",
      },
    },
    (request) =>
      endConcession(rent, request.viewer!, siteScope(request), request.params.id, request.body),
  )

  app.get(
    '/api/rent/concessions/ending',
    { config: committee, schema: { response: { 200: concessionsEndingSchema }, tags } },
    (request) => concessionsEnding(rent, siteScope(request)),
  )
}
