import type { App } from '#server/core/app-type'
import { z } from 'zod'
import { personSchema } from '#shared/schemas/person'
import {
  choosePayerSchema,
  myPlotSchema,
  newPlotSchema,
  plotSchema,
  tenantNameSchema,
  updatePlotSchema,
} from '#shared/schemas/plot'
import {
  addPlotToPerson,
  choosePayer,
  createPlot,
  getPlot,
  listPlots,
  listTenantNames,
  myPlots,
  removePlotFromPerson,
  updatePlot,
} from '#server/features/plots/service'
import { endTenanciesOf } from '#server/features/plots/sql'
import { LEVELS } from '#shared/domain/levels'
import { leavingSchema } from '#shared/schemas/leaving'
import { ownPersonId } from '#server/core/viewer'

const idParams = z.object({ id: z.string().min(1).max(40) })
const tenantParams = idParams.extend({ personId: z.string().min(1).max(40) })
// A tenant change answers with the person too (committee only): their plots and status change.
const tenancy = z.object({ plot: plotSchema, person: personSchema })
const tags = ['plots']

export async function plotsFeature(app: App) {
  const { sendList } = app
  // A person's removal ends their tenancies, each plot at its next version (logged with it).
  app.hooks.removingPerson.push(async (tx, personId) => ({
    plots: await endTenanciesOf(tx, personId),
  }))
  // Level 2 (land access) sees plots with tenant nicknames only: plotSchema has no personal data.
  app.get(
    '/api/plots',
    { config: { minLevel: LEVELS.land }, schema: { response: { 200: z.array(plotSchema) }, tags } },
    (request, reply) => sendList(request, reply, z.array(plotSchema), () => listPlots(app)),
  )

  // The tenants' names, which the committee's plots screens show and filter by instead of the
  // nicknames: apart from the plots, whose list level 2 may see.
  app.get(
    '/api/tenants',
    {
      config: { minLevel: LEVELS.committee, personalData: true },
      schema: { response: { 200: z.array(tenantNameSchema) }, tags },
    },
    (request, reply) =>
      sendList(request, reply, z.array(tenantNameSchema), () => listTenantNames(app)),
  )

  // The member's own plots (issue 29): any signed-in level, only the person the account is.
  app.get(
    '/api/me/plots',
    {
      config: { minLevel: LEVELS.plotholder, personalData: true },
      schema: { response: { 200: z.array(myPlotSchema) }, tags },
    },
    (request) => myPlots(app, ownPersonId(request.viewer!)),
  )

  app.get(
    '/api/plots/:id',
    {
      config: { minLevel: LEVELS.land },
      schema: { params: idParams, response: { 200: plotSchema }, tags },
    },
    (request) => getPlot(app, request.params.id),
  )

  app.post(
    '/api/plots',
    {
      config: { minLevel: LEVELS.committee },
      schema: { body: newPlotSchema, response: { 201: plotSchema }, tags },
    },
    async (request, reply) =>
      reply.status(201).send(await createPlot(app, request.viewer!, request.body)),
  )

  app.put(
    '/api/plots/:id',
    {
      config: { minLevel: LEVELS.committee },
      schema: { params: idParams, body: updatePlotSchema, response: { 200: plotSchema }, tags },
    },
    (request) => updatePlot(app, request.viewer!, request.params.id, request.body),
  )

  app.put(
    '/api/plots/:id/payer',
    {
      config: { minLevel: LEVELS.committee },
      schema: {
        params: idParams,
        body: choosePayerSchema,
        response: { 200: plotSchema },
        tags,
      },
    },
    (request) => choosePayer(app, request.viewer!, request.params.id, request.body),
  )

  app.put(
    '/api/plots/:id/tenants/:personId',
    {
      config: { minLevel: LEVELS.committee, personalData: true },
      schema: { params: tenantParams, response: { 200: tenancy }, tags },
    },
    (request) => addPlotToPerson(app, request.viewer!, request.params.id, request.params.personId),
  )

  app.delete(
    '/api/plots/:id/tenants/:personId',
    {
      config: { minLevel: LEVELS.committee, personalData: true },
      schema: {
        params: tenantParams,
        querystring: leavingSchema,
        response: { 200: tenancy },
        tags,
      },
    },
    (request) =>
      removePlotFromPerson(
        app,
        request.viewer!,
        request.params.id,
        request.params.personId,
        request.query,
      ),
  )
}
