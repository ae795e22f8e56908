import type { App } from '#server/core/app-type'
import multipart from '@fastify/multipart'
import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import { siteMapMessages } from '#shared/messages/site-map'
import {
  SITE_MAP_MAX_BYTES,
  saveSiteLayoutSchema,
  siteMapCheckSchema,
  siteMapSchema,
} from '#shared/schemas/site-map'
import { readUpload } from '#server/core/http/read-upload'
import { serialIdParams } from '#server/core/http/serial-id'
import {
  checkSiteMap,
  createPlotsFromMap,
  getSiteMap,
  importDrawing,
  readSiteMapBackground,
  saveSiteLayout,
} from '#server/features/site-map/service'

const tags = ['site map']

// The background is read on its own as an SVG image, where no script runs; its inline styles
// (drawing programs write colours as style attributes) are all it may use.
const BACKGROUND_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

const drawingForm = z.object({
  file: z.string().meta({ format: 'binary', description: 'An SVG drawing, at most 5 MB' }),
})

// A plugin of its own, like the pictures, so that multipart bodies are read only here.
export async function siteMapFeature(app: App) {
  const { db } = app
  await app.register(multipart, {
    limits: { fileSize: SITE_MAP_MAX_BYTES, files: 1, fields: 2, fieldSize: 4096, parts: 3 },
  })

  app.get(
    '/api/site-map',
    {
      config: { minLevel: LEVELS.plotholder },
      schema: {
        response: { 200: siteMapSchema.nullable() },
        tags,
        description: 'The site drawing: its plots and features, and its background; null if none.',
      },
    },
    () => getSiteMap(db),
  )

  app.get(
    '/api/site-map/backgrounds/:id',
    {
      config: { minLevel: LEVELS.plotholder },
      schema: {
        params: serialIdParams,
        tags,
        description: "The current drawing's background, as sanitised SVG; any other id is 404.",
      },
    },
    async (request, reply) => {
      const file = await readSiteMapBackground(db, request.params.id)
      return reply
        .header('content-type', file.contentType)
        .header('content-security-policy', BACKGROUND_POLICY)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(file.data)
    },
  )

  app.get(
    '/api/site-map/check',
    {
      config: { minLevel: LEVELS.admin },
      schema: {
        response: { 200: siteMapCheckSchema },
        tags,
        description: 'Drawn plots without a record, and plot records not drawn.',
      },
    },
    () => checkSiteMap(db),
  )

  app.put(
    '/api/site-map',
    {
      config: { minLevel: LEVELS.admin },
      schema: {
        body: saveSiteLayoutSchema,
        response: { 200: siteMapSchema },
        tags,
        description:
          'Saves the layout drawn in the editor; 409 if the map changed since `version`.',
      },
    },
    (request) => saveSiteLayout(db, request.viewer!, request.body),
  )

  app.post(
    '/api/site-map/drawing',
    {
      config: { minLevel: LEVELS.admin },
      // The body is a multipart stream, read in the handler.
      validatorCompiler: () => () => true,
      schema: {
        consumes: ['multipart/form-data'],
        body: drawingForm,
        response: { 200: siteMapSchema },
        tags,
        description:
          'Replaces the site map with an SVG drawing: shapes named "plot 12" become plots, the ' +
          'rest the background. 400 when it is not a drawing, holds a script, names a plot ' +
          'twice or nests groups over 100 deep; 413 over 5 MB, 10,000 elements or 5,000 plots; ' +
          '422 when reading it takes over 60 s.',
      },
    },
    async (request) => {
      const upload = await readUpload(request, siteMapMessages.oneDrawingOnly)
      return importDrawing(db, request.viewer!, upload)
    },
  )

  app.post(
    '/api/site-map/plots',
    {
      config: { minLevel: LEVELS.admin },
      schema: {
        response: { 200: z.object({ created: z.array(z.string()) }) },
        tags,
        description: 'Creates a blank plot record for every drawn plot that has none.',
      },
    },
    (request) => createPlotsFromMap(db, request.viewer!),
  )
}
