import type { App } from '#server/core/app-type'
import { z } from 'zod'
import { newNewsPostSchema, newsPostSchema, updateNewsPostSchema } from '#shared/schemas/news'
import {
  createNewsPost,
  deleteNewsPost,
  listAllNews,
  listPublishedNews,
  updateNewsPost,
} from '#server/features/news/service'
import { serialIdParams } from '#server/core/http/serial-id'
import { LEVELS } from '#shared/domain/levels'

const newsList = z.array(newsPostSchema)
const committee = { minLevel: LEVELS.committee }
const tags = ['news']

// The public reads what is published; the committee writes, publishes and unpublishes.
export async function newsFeature(app: App) {
  const { sendList } = app
  app.get(
    '/api/news',
    {
      config: { minLevel: LEVELS.guest },
      schema: {
        response: { 200: newsList },
        tags,
        description: 'Published posts, newest date first (id breaks ties).',
      },
    },
    (request, reply) => sendList(request, reply, newsList, () => listPublishedNews(app)),
  )

  app.get(
    '/api/news/all',
    {
      config: committee,
      schema: {
        response: { 200: newsList },
        tags,
        description: 'Every post, drafts included, newest date first (id breaks ties).',
      },
    },
    (request, reply) => sendList(request, reply, newsList, () => listAllNews(app)),
  )

  app.post(
    '/api/news',
    {
      config: committee,
      schema: { body: newNewsPostSchema, response: { 201: newsPostSchema }, tags },
    },
    async (request, reply) =>
      reply.status(201).send(await createNewsPost(app, request.viewer!, request.body)),
  )

  app.put(
    '/api/news/:id',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        body: updateNewsPostSchema,
        response: { 200: newsPostSchema },
        tags,
        description: 'Edits, publishes or unpublishes a post; 409 when the version is stale.',
      },
    },
    (request) => updateNewsPost(app, request.viewer!, request.params.id, request.body),
  )

  app.delete(
    '/api/news/:id',
    { config: committee, schema: { params: serialIdParams, response: { 204: z.null() }, tags } },
    async (request, reply) => {
      await deleteNewsPost(app, request.viewer!, request.params.id)
      return reply.status(204).send(null)
    },
  )
}
