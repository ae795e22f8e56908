import type { FastifyRequest } from 'fastify'
import type { App } from '#server/core/app-type'
import multipart from '@fastify/multipart'
import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import { siteMapMessages } from '#shared/messages/site-map'
import {
  SITE_MAP_MAX_BYTES,
  plotStatesSchema,
  saveSiteLayoutSchema,
  siteMapCheckSchema,
  siteMapSchema,
} from '#shared/schemas/site-map'
import { siteQuerySchema } from '#shared/schemas/site'
import { commonMessages } from '#shared/messages/common'
import { badRequest } from '#server/core/errors'
import { readUpload } from '#server/core/http/read-upload'
import { siteScope } from '#server/core/site-scope'
import { serialIdParams } from '#server/core/http/serial-id'
import {
  checkSiteMap,
  createPlotsFromMap,
  drawingSite,
  getSiteMap,
  importDrawing,
  readSiteMapBackground,
  saveSiteLayout,
} from '#server/features/site-map/service'
import { plotStates, plotStatesVariant } from '#server/features/site-map/plot-states'

const tags = ['site map']

// The background is read on its own as an SVG image, where no script runs; its inline styles
// (drawing programs write colours as style attributes) are all it may use.
const BACKGROUND_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

// Each site has its own drawing (decision 49): every route takes the site as `?site=`, the first
// site the viewer sees when left out; another site than the viewer's is refused (403).
const querystring = siteQuerySchema

/** The viewer's scope and the site the request asks for. */
const target = (request: FastifyRequest, asked: number | undefined) => ({
  scope: siteScope(request),
  asked,
})

const drawingForm = z.object({
  file: z.string().meta({ format: 'binary', description: 'An SVG drawing, at most 5 MB' }),
})

// A plugin of its own, like the pictures, so that multipart bodies are read only here.
export async function siteMapFeature(app: App) {
  const { db, sendList } = app
  await app.register(multipart, {
    limits: { fileSize: SITE_MAP_MAX_BYTES, files: 1, fields: 2, fieldSize: 4096, parts: 3 },
  })

  app.get(
    '/api/site-map',
    {
      config: { minLevel: LEVELS.plotholder },
      schema: {
        querystring,
        response: { 200: siteMapSchema.nullable() },
        tags,
        description:
          "A site's drawing: its plots (by name) and features, and its background; null if none.",
      },
    },
    (request) => getSiteMap(db, siteScope(request), request.query.site),
  )

  app.get(
    '/api/site-map/backgrounds/:id',
    {
      config: { minLevel: LEVELS.plotholder },
      schema: {
        params: serialIdParams,
        querystring,
        tags,
        description:
          "The site's current drawing's background, as sanitised SVG; any other id is 404.",
      },
    },
    async (request, reply) => {
      const file = await readSiteMapBackground(
        db,
        siteScope(request),
        request.query.site,
        request.params.id,
      )
      return reply
        .header('content-type', file.contentType)
        .header('content-security-policy', BACKGROUND_POLICY)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(file.data)
    },
  )

  app.get(
    '/api/site-map/plot-states',
    {
      config: { minLevel: LEVELS.plotholder },
      schema: {
        querystring,
        response: { 200: plotStatesSchema },
        tags,
        description:
          "Each plot's state for the site's map, by name, as finely as the caller's level may " +
          'know it: let or vacant (level 1); paid or owing (level 2); offered too (level 3 up).',
      },
    },
    async (request, reply) => {
      const level = request.viewer!.level
      const siteId = await drawingSite(db.kysely, siteScope(request), request.query.site)
      return sendList(
        request,
        reply,
        plotStatesSchema,
        () => plotStates(db, siteId, level),
        `${plotStatesVariant(level)} site-${siteId}`,
      )
    },
  )

  app.get(
    '/api/site-map/check',
    {
      config: { minLevel: LEVELS.admin },
      schema: {
        querystring,
        response: { 200: siteMapCheckSchema },
        tags,
        description: "Drawn plots without a record on the site, and the site's plots not drawn.",
      },
    },
    (request) => checkSiteMap(db, siteScope(request), request.query.site),
  )

  app.put(
    '/api/site-map',
    {
      config: { minLevel: LEVELS.admin },
      schema: {
        querystring,
        body: saveSiteLayoutSchema,
        response: { 200: siteMapSchema },
        tags,
        description:
          'Saves the layout drawn in the editor; 409 if the map changed since `version`.',
      },
    },
    (request) =>
      saveSiteLayout(db, request.viewer!, target(request, request.query.site), request.body),
  )

  app.post(
    '/api/site-map/drawing',
    {
      config: { minLevel: LEVELS.admin },
      // The body is a multipart stream, read in the handler.
      validatorCompiler: () => () => true,
      schema: {
        consumes: ['multipart/form-data'],
        querystring,
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
      // The validator is off for the multipart body, so the site is read here.
      const query = siteQuerySchema.safeParse(request.query)
      if (!query.success)
        throw badRequest(commonMessages.inputWrongType("The field 'site'", 'a number'))
      const upload = await readUpload(request, siteMapMessages.oneDrawingOnly)
      return importDrawing(db, request.viewer!, target(request, query.data.site), upload)
    },
  )

  app.post(
    '/api/site-map/plots',
    {
      config: { minLevel: LEVELS.admin },
      schema: {
        querystring,
        response: { 200: z.object({ created: z.array(z.string()) }) },
        tags,
        description: 'Creates a blank plot record on the site for every drawn plot that has none.',
      },
    },
    (request) => createPlotsFromMap(db, request.viewer!, target(request, request.query.site)),
  )
}
