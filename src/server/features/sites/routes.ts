import type { App } from '#server/core/app-type'
import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import {
  siteFieldsSchema,
  siteSchema,
  siteVersionSchema,
  updateSiteSchema,
} from '#shared/schemas/site'
import { serialIdParams } from '#server/core/http/serial-id'
import {
  createSite,
  listSites,
  reopenSite,
  retireSite,
  updateSite,
} from '#server/features/sites/service'

const siteList = z.array(siteSchema)
const admin = { minLevel: LEVELS.admin }
const tags = ['sites']

// The organisation's sites (issue 46). Their names, addresses, descriptions and facilities are
// what the public is told, so anyone may read the list; only the administrator changes it.
export async function sitesFeature(app: App) {
  const { sendList } = app
  app.get(
    '/api/sites',
    {
      config: { minLevel: LEVELS.guest },
      schema: {
        response: { 200: siteList },
        tags,
        description: 'Every site, retired ones too, in the order they were added.',
      },
    },
    (request, reply) => sendList(request, reply, siteList, () => listSites(app)),
  )

  app.post(
    '/api/sites',
    { config: admin, schema: { body: siteFieldsSchema, response: { 201: siteSchema }, tags } },
    async (request, reply) =>
      reply.status(201).send(await createSite(app, request.viewer!, request.body)),
  )

  app.put(
    '/api/sites/:id',
    {
      config: admin,
      schema: {
        params: serialIdParams,
        body: updateSiteSchema,
        response: { 200: siteSchema },
        tags,
        description: 'Renames or edits a site; 409 when the version is stale or the name taken.',
      },
    },
    (request) => updateSite(app, request.viewer!, request.params.id, request.body),
  )

  app.post(
    '/api/sites/:id/retire',
    {
      config: admin,
      schema: {
        params: serialIdParams,
        body: siteVersionSchema,
        response: { 200: siteSchema },
        tags,
        description: 'Retires a site with no plot let on it; its records stay.',
      },
    },
    (request) => retireSite(app, request.viewer!, request.params.id, request.body.version),
  )

  app.post(
    '/api/sites/:id/reopen',
    {
      config: admin,
      schema: {
        params: serialIdParams,
        body: siteVersionSchema,
        response: { 200: siteSchema },
        tags,
        description: 'Brings a retired site back into use.',
      },
    },
    (request) => reopenSite(app, request.viewer!, request.params.id, request.body.version),
  )
}
