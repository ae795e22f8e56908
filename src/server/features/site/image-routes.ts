import type { App } from '#server/core/app-type'
import multipart from '@fastify/multipart'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { settingsMessages } from '#shared/messages/settings'
import { LEVELS } from '#shared/domain/levels'
import { SITE_IMAGE_MAX_BYTES, siteImageParams } from '#shared/schemas/site-images'
import { readUpload } from '#server/core/http/read-upload'
import { serialIdParams } from '#server/core/http/serial-id'
import { readSiteImage, removeSiteImage, uploadSiteImage } from '#server/features/site/images'

const tags = ['site']

// Documents the upload form in /api/openapi.json; @fastify/multipart reads the body itself.
const uploadForm = z.object({
  file: z
    .string()
    .meta({ format: 'binary', description: 'A JPEG, PNG, WebP or GIF, at most 10 MB' }),
  description: z.string().meta({ description: 'What the photo shows (the photo only)' }),
})

const uploaded = z.object({
  name: z.string(),
  width: z.int(),
  height: z.int(),
  description: z.string(),
})

// A plugin of its own, like the land documents, so that multipart bodies (and their 10 MB
// limit) are read only here.
export async function siteImagesFeature(app: App) {
  const { db } = app
  await app.register(multipart, {
    limits: { fileSize: SITE_IMAGE_MAX_BYTES, files: 1, fields: 2, fieldSize: 4096, parts: 3 },
  })

  app.get(
    '/api/site/images/:id',
    {
      config: { minLevel: LEVELS.guest },
      schema: {
        params: serialIdParams,
        tags,
        description: 'The logo or the Home page photo, as WebP; any other file id is 404.',
      },
    },
    async (request, reply) => {
      const file = await readSiteImage(db, request.params.id)
      return reply
        .header('content-type', file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.data)
    },
  )

  app.put(
    '/api/settings/images/:name',
    {
      config: { minLevel: LEVELS.admin },
      // The body is a multipart stream, read in the handler; only the address is checked here.
      validatorCompiler: (route) =>
        route.httpPart === 'params'
          ? validatorCompiler({ ...route, schema: siteImageParams })
          : () => true,
      schema: {
        params: siteImageParams,
        consumes: ['multipart/form-data'],
        body: uploadForm,
        response: { 200: uploaded },
        tags,
        description:
          'Replaces the logo or the Home page photo; it is stored resized, as WebP. 413 when ' +
          'over 10 MB or 40 million pixels, 415 when not a JPEG, PNG, WebP or GIF.',
      },
    },
    async (request) => {
      const upload = await readUpload(request, settingsMessages.oneImageOnly)
      return uploadSiteImage(db, request.viewer!, request.params.name, upload)
    },
  )

  app.delete(
    '/api/settings/images/:name',
    {
      config: { minLevel: LEVELS.admin },
      schema: { params: siteImageParams, tags, description: 'Removes the logo or the photo.' },
    },
    async (request, reply) => {
      await removeSiteImage(db, request.viewer!, request.params.name)
      return reply.status(204).send()
    },
  )
}
