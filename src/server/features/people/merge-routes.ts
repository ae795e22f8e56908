import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import {
  duplicateGroupSchema,
  mergeAnswerSchema,
  mergeInputSchema,
  mergePairQuerySchema,
  mergePreviewSchema,
} from '#shared/schemas/people-merge'
import { mergeMessages } from '#shared/messages/merge'
import type { FastifyRequest } from 'fastify'
import type { App } from '#server/core/app-type'
import { forbidden } from '#server/core/errors'
import { siteScope } from '#server/core/site-scope'
import { possibleDuplicates } from '#server/features/people/duplicates'
import { mergePeople, mergePreview } from '#server/features/people/merge'

// Possible duplicates and merging two records of one person (issue 46): the committee's, as
// adding and removing people are. Beside /api/people rather than under it: any word there could
// be somebody's nickname.
const tags = ['people']
const committee = { minLevel: LEVELS.committee, personalData: true }

/**
 * People belong to the organisation, and two records may be on different sites' lists: a
 * committee member limited to some sites (decision 43) neither reads the whole report nor merges.
 */
function requireEverySite(request: FastifyRequest) {
  if (siteScope(request).sites !== null) throw forbidden(mergeMessages.everySiteOnly)
}

export async function mergeRoutes(app: App) {
  const { sendList } = app
  app.get(
    '/api/people-duplicates',
    {
      config: committee,
      schema: {
        response: { 200: z.array(duplicateGroupSchema) },
        tags,
        description:
          'Records likely to be one person: the same e-mail address, or the same name and postcode; erased records never.',
      },
    },
    (request, reply) => {
      requireEverySite(request)
      return sendList(request, reply, z.array(duplicateGroupSchema), () => possibleDuplicates(app))
    },
  )

  app.get(
    '/api/people-merge',
    {
      config: committee,
      schema: {
        querystring: mergePairQuerySchema,
        response: { 200: mergePreviewSchema },
        tags,
        description: 'Both records as they stand, and what stands in the way of merging them.',
      },
    },
    (request) => {
      requireEverySite(request)
      return mergePreview(app, request.viewer!, request.query.kept, request.query.merged)
    },
  )

  app.post(
    '/api/people-merge',
    {
      config: committee,
      schema: { body: mergeInputSchema, response: { 200: mergeAnswerSchema }, tags },
    },
    async (request) => {
      requireEverySite(request)
      const { person, mergedId } = await mergePeople(app, request.viewer!, request.body)
      return { person, mergedId }
    },
  )
}
