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
import {
  endTenanciesOf,
  listPlots as listPlotRows,
  mergeTenancies,
} from '#server/features/plots/sql'
import { siteQuerySchema } from '#shared/schemas/site'
import { siteMessages } from '#shared/messages/sites'
import { LEVELS } from '#shared/domain/levels'
import {
  endedTenancySchema,
  endingFormSchema,
  leavingSchema,
  tenancyEndSchema,
} from '#shared/schemas/leaving'
import { endingForm, endTenancy } from '#server/features/plots/end-tenancy'
import { ownPersonId } from '#server/core/viewer'
import { siteScope } from '#server/core/site-scope'

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
  // A merge (issue 46) makes the merged record's tenancies the kept record's.
  app.hooks.mergingPeople.push(async (tx, merge) => ({ plots: await mergeTenancies(tx, merge) }))
  // Level 2 (land access) sees plots with tenant nicknames only: plotSchema has no personal data.
  // A site with plots let stays in use (issue 46).
  app.hooks.siteRetirementBlockers.push(async (tx, site) => {
    const let_ = (await listPlotRows(tx, { sites: [site.id] })).filter(
      (plot) => plot.occupied,
    ).length
    return let_ ? [siteMessages.stillLet(site.name, let_)] : []
  })
  app.get(
    '/api/plots',
    {
      config: { minLevel: LEVELS.land },
      schema: {
        querystring: siteQuerySchema,
        response: { 200: z.array(plotSchema) },
        tags,
        description: 'Every plot, or those of the site given (`site`), in plot order.',
      },
    },
    (request, reply) =>
      sendList(request, reply, z.array(plotSchema), () =>
        listPlots(app, siteScope(request, request.query.site)),
      ),
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
      sendList(request, reply, z.array(tenantNameSchema), () =>
        listTenantNames(app, siteScope(request)),
      ),
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
    (request) => getPlot(app, siteScope(request), request.params.id),
  )

  app.post(
    '/api/plots',
    {
      config: { minLevel: LEVELS.committee },
      schema: { body: newPlotSchema, response: { 201: plotSchema }, tags },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createPlot(app, request.viewer!, siteScope(request), request.body)),
  )

  app.put(
    '/api/plots/:id',
    {
      config: { minLevel: LEVELS.committee },
      schema: { params: idParams, body: updatePlotSchema, response: { 200: plotSchema }, tags },
    },
    (request) =>
      updatePlot(app, request.viewer!, siteScope(request), request.params.id, request.body),
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
    (request) =>
      choosePayer(app, request.viewer!, siteScope(request), request.params.id, request.body),
  )

  app.put(
    '/api/plots/:id/tenants/:personId',
    {
      config: { minLevel: LEVELS.committee, personalData: true },
      schema: { params: tenantParams, response: { 200: tenancy }, tags },
    },
    (request) =>
      addPlotToPerson(
        app,
        request.viewer!,
        siteScope(request),
        request.params.id,
        request.params.personId,
      ),
  )

  // A tenant who leaves (issue 44): the day and the reason; the tenancy is kept as ended.
  app.get(
    '/api/plots/:id/tenants/:personId/ending',
    {
      config: { minLevel: LEVELS.committee },
      schema: { params: tenantParams, response: { 200: endingFormSchema }, tags },
    },
    (request) => endingForm(app, siteScope(request), request.params.id, request.params.personId),
  )

  app.post(
    '/api/plots/:id/tenants/:personId/end',
    {
      config: { minLevel: LEVELS.committee, personalData: true },
      schema: {
        params: tenantParams,
        body: tenancyEndSchema,
        response: { 200: tenancy.extend({ ending: endedTenancySchema }) },
        tags,
        description:
          'Ends the tenancy on the day given (not before it began, not after today) for the reason given; a leaver with no other plot becomes a former tenant.',
      },
    },
    (request) =>
      endTenancy(
        app,
        request.viewer!,
        siteScope(request),
        request.params.id,
        request.params.personId,
        request.body,
      ),
  )

  // Added by mistake: the tenant is taken off with no record of an end (the spec's removal).
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
        siteScope(request),
        request.params.id,
        request.params.personId,
        request.query,
      ),
  )
}
