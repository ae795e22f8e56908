import { z } from 'zod'
import { offerMessages } from '#shared/messages/offers'
import { LEVELS } from '#shared/domain/levels'
import {
  applicationSchema,
  lapsedPersonSchema,
  lettingSettingsSchema,
  myOfferSchema,
  myStillWantSchema,
  newOfferSchema,
  offerAnswerSchema,
  offerChoicesSchema,
  offerSchema,
  personApplicationSchema,
  placeSchema,
  positionQuerySchema,
  siteLettingSettingsSchema,
  storedLettingSettingsSchema,
  tokenPreviewSchema,
  applyTokenSchema,
  tokenSchemaFor,
  waitingListEventSchema,
  withdrawOfferSchema,
} from '#shared/schemas/letting'
import { personSchema } from '#shared/schemas/person'
import type { App } from '#server/core/app-type'
import { serialIdParams, siteIdParams } from '#server/core/http/serial-id'
import { everySite, siteScope } from '#server/core/site-scope'
import { publicSiteSchema, siteQuerySchema } from '#shared/schemas/site'
import { requirePersonInScope } from '#server/features/people/sql'
import { lapsedPeople, waitingListHistory } from '#server/features/people/waiting-list-sql'
import { applicationExpiryJob } from '#server/features/letting/application-expiry'
import { applyForPlot, findPlace } from '#server/features/letting/applications'
import { answerMyOffer, myOffers, recordAnswer } from '#server/features/letting/answer-offer'
import { ownPersonId } from '#server/core/viewer'
import { confirmApplication } from '#server/features/letting/confirm-application'
import { offerExpiryJob } from '#server/features/letting/expire-offer'
import { ourSites } from '#server/features/letting/our-sites'
import { listOffers, offerChoices } from '#server/features/letting/list-offers'
import { makeOffer } from '#server/features/letting/offer-plot'
import { personApplication } from '#server/features/letting/person-application'
import { restoreToList } from '#server/features/letting/restore-to-list'
import { myStillWant, stayOnListAsMember } from '#server/features/letting/stay-on-list'
import {
  lettingSettings,
  privacyNotice,
  saveLettingSettings,
  saveSiteLettingSettings,
  siteLetting,
} from '#server/features/letting/settings'
import { closeOffers } from '#server/features/letting/sql'
import {
  eraseLettingData,
  lettingDataOf,
  mergeLettingData,
  offersBlockMerge,
} from '#server/features/letting/person-data-sql'
import { stillWantJobs } from '#server/features/letting/still-want'
import { previewLink, useLink } from '#server/features/letting/use-link'
import { withdrawOffer } from '#server/features/letting/withdraw-offer'

// Letting plots: applications from the public site, confirmed by e-mail; one's place on the
// waiting list; offers of a plot with their deadlines; the yearly question whether people still
// want a plot; the history of each person's place; and the administrator's letting settings.
// The app is letting's context (context.ts): its db, config, clock, copies and jobs.
const tags = ['letting']
// The token of a link in an offer or in the yearly question, refused in the offer page's words.
export const linkTokenSchema = tokenSchemaFor(offerMessages.linkUnusable)

export async function lettingFeature(app: App) {
  const { config, jobs } = app

  // The public's "Our sites" (decision 51): built once per data version and day (the two years
  // of lettings move with the day), like the public lists.
  const publicSiteList = z.array(publicSiteSchema)
  app.get(
    '/api/sites/public',
    {
      config: { minLevel: LEVELS.guest },
      schema: {
        response: { 200: publicSiteList },
        tags: ['sites'],
        description:
          "The public's Our sites page: each open site with its plots let and vacant, how many " +
          'wait on its list and the median wait, in whole months, from joining its list to ' +
          'accepting its offer, of its lettings in the last two years (null under three). ' +
          'Counts only.',
      },
    },
    (request, reply) => {
      const today = app.clock.today()
      return app.sendList(
        request,
        reply,
        publicSiteList,
        () => ourSites(app.db.kysely, today),
        today,
      )
    },
  )
  jobs.define(applicationExpiryJob(app))
  jobs.define(offerExpiryJob(app))
  const stillWant = stillWantJobs(app)
  jobs.define(stillWant.round)
  jobs.define(stillWant.close)
  // A person's removal withdraws their open offers: their links stop working.
  app.hooks.removingPerson.push((tx, personId) =>
    closeOffers(tx, { personId }, 'withdrawn', app.clock.now()),
  )
  // A tenant who died (issue 44): an offer still open to them is withdrawn, with no letter, so
  // that its expiry does not put them back on the list.
  app.hooks.endingTenancy.push(async (tx, { personId, reason }) => {
    if (reason === 'died') await closeOffers(tx, { personId }, 'withdrawn', app.clock.now())
  })
  app.hooks.describingPerson.push(lettingDataOf)
  app.hooks.erasingPerson.push(eraseLettingData)
  app.hooks.mergeBlockers.push(offersBlockMerge)
  app.hooks.mergingPeople.push(mergeLettingData)
  const committee = { minLevel: LEVELS.committee }
  const admin = { minLevel: LEVELS.admin }
  // Scripts that try addresses or references are slowed like any public form.
  const publicForm = (max: number) => ({
    minLevel: LEVELS.guest,
    rateLimit: { max, timeWindow: '10 minutes' },
  })
  const personParams = z.object({ id: z.string().min(1).max(40) })

  app.post(
    '/api/apply',
    {
      config: publicForm(config.limits.register),
      schema: {
        body: applicationSchema,
        // The answer repeats nothing of what was sent (the page says where the e-mail went), and is
        // the same for an address already on record, whose owner is told by e-mail instead.
        response: { 201: z.object({ applied: z.literal(true) }) },
        tags,
      },
    },
    async (request, reply) => {
      await applyForPlot(app, request.body)
      return reply.status(201).send({ applied: true })
    },
  )

  app.post(
    '/api/apply/confirm',
    {
      config: publicForm(config.limits.register),
      schema: { body: applyTokenSchema, response: { 200: placeSchema }, tags },
    },
    (request) => confirmApplication(app, request.body.token),
  )

  app.post(
    '/api/apply/position',
    {
      config: publicForm(config.limits.signIn),
      schema: { body: positionQuerySchema, response: { 200: placeSchema }, tags },
    },
    (request) => findPlace(app, request.body),
  )

  app.get(
    '/api/people/:id/waiting-list-history',
    {
      config: committee,
      schema: {
        params: personParams,
        response: { 200: z.array(waitingListEventSchema) },
        tags,
      },
    },
    async (request) => {
      await requirePersonInScope(app.db.kysely, siteScope(request), request.params.id)
      return waitingListHistory(app.db.kysely, request.params.id)
    },
  )

  app.get(
    '/api/people/:id/application',
    {
      // The note is the applicant's own words, which may hold anything: kept out of caches.
      config: { ...committee, personalData: true },
      schema: {
        params: personParams,
        response: { 200: personApplicationSchema.nullable() },
        tags,
      },
    },
    (request) => personApplication(app, siteScope(request), request.params.id),
  )

  app.get(
    '/api/apply/privacy-notice',
    {
      config: { minLevel: LEVELS.guest },
      schema: {
        response: { 200: z.object({ privacyNotice: z.string(), sitesPerApplicant: z.number() }) },
        tags,
      },
    },
    () => privacyNotice(app),
  )

  app.get(
    '/api/letting/settings',
    { config: admin, schema: { response: { 200: storedLettingSettingsSchema }, tags } },
    () => lettingSettings.read(app.db.kysely),
  )

  // The organisation's settings are every site's that offers its plots no way of its own, so
  // changing them is refused to an administrator limited to some sites (decision 53).
  app.put(
    '/api/letting/settings',
    {
      config: admin,
      ...everySite,
      schema: {
        body: lettingSettingsSchema.safeExtend({ version: z.int().min(0) }),
        response: { 200: storedLettingSettingsSchema },
        tags,
      },
    },
    (request) => saveLettingSettings(app, request.viewer!, request.body, stillWant.scheduleNext),
  )

  app.get(
    '/api/letting/settings/sites/:siteId',
    {
      config: admin,
      schema: { params: siteIdParams, response: { 200: siteLettingSettingsSchema }, tags },
    },
    (request) => siteLetting.read(app.db.kysely, siteScope(request), request.params.siteId),
  )

  app.put(
    '/api/letting/settings/sites/:siteId',
    {
      config: admin,
      schema: {
        params: siteIdParams,
        body: siteLettingSettingsSchema,
        response: { 200: siteLettingSettingsSchema },
        tags,
        description:
          "How a site's plots are offered, or null to offer them the organisation's way; against the version read.",
      },
    },
    (request) =>
      saveSiteLettingSettings(
        app,
        request.viewer!,
        siteScope(request),
        request.params.siteId,
        request.body,
      ),
  )

  app.get(
    '/api/offers',
    {
      config: committee,
      schema: {
        querystring: siteQuerySchema,
        response: { 200: z.object({ open: z.array(offerSchema), closed: z.array(offerSchema) }) },
        tags,
      },
    },
    (request) => listOffers(app, siteScope(request, request.query.site)),
  )

  app.get(
    '/api/offers/choices',
    {
      config: committee,
      schema: { querystring: siteQuerySchema, response: { 200: offerChoicesSchema }, tags },
    },
    (request) => offerChoices(app, siteScope(request, request.query.site)),
  )

  app.post(
    '/api/offers',
    { config: committee, schema: { body: newOfferSchema, response: { 201: offerSchema }, tags } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await makeOffer(app, request.viewer!, siteScope(request), request.body)),
  )

  app.post(
    '/api/offers/:id/answer',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        body: offerAnswerSchema,
        response: { 200: offerSchema },
        tags,
      },
    },
    (request) =>
      recordAnswer(
        app,
        request.viewer!,
        siteScope(request),
        request.params.id,
        request.body.answer,
      ),
  )

  // The member's own offers (issue 29): any signed-in level, only the person the account is.
  const member = { minLevel: LEVELS.plotholder, personalData: true }
  app.get(
    '/api/me/offers',
    { config: member, schema: { response: { 200: z.array(myOfferSchema) }, tags } },
    (request) => myOffers(app, ownPersonId(request.viewer!)),
  )

  app.post(
    '/api/me/offers/:id/answer',
    {
      config: member,
      schema: {
        params: serialIdParams,
        body: offerAnswerSchema,
        response: { 200: myOfferSchema },
        tags,
      },
    },
    (request) =>
      answerMyOffer(
        app,
        request.viewer!,
        ownPersonId(request.viewer!),
        request.params.id,
        request.body.answer,
      ),
  )

  app.get(
    '/api/me/still-want',
    { config: member, schema: { response: { 200: myStillWantSchema }, tags } },
    (request) => myStillWant(app, ownPersonId(request.viewer!)),
  )

  app.post(
    '/api/me/still-want',
    {
      config: member,
      schema: { response: { 200: z.object({ closesOn: z.string() }) }, tags },
    },
    (request) => stayOnListAsMember(app, request.viewer!, ownPersonId(request.viewer!)),
  )

  app.post(
    '/api/offers/:id/withdraw',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        body: withdrawOfferSchema,
        response: { 200: offerSchema },
        tags,
      },
    },
    (request) =>
      withdrawOffer(
        app,
        request.viewer!,
        siteScope(request),
        request.params.id,
        request.body.reason,
      ),
  )

  // A link in an offer or in the yearly question: what it is for, then (its button) using it.
  app.post(
    '/api/letting/link',
    {
      config: publicForm(config.limits.signIn),
      schema: { body: linkTokenSchema, response: { 200: tokenPreviewSchema }, tags },
    },
    (request) => previewLink(app, request.body.token),
  )

  app.post(
    '/api/letting/link/use',
    {
      config: publicForm(config.limits.signIn),
      schema: { body: linkTokenSchema, response: { 200: tokenPreviewSchema }, tags },
    },
    (request) => useLink(app, request.body.token),
  )

  app.get(
    '/api/waiting-list/lapsed',
    { config: committee, schema: { response: { 200: z.array(lapsedPersonSchema) }, tags } },
    (request) => lapsedPeople(app.db.kysely, siteScope(request)),
  )

  app.post(
    '/api/people/:id/restore-to-waiting-list',
    {
      config: committee,
      schema: { params: personParams, response: { 200: personSchema }, tags },
    },
    (request) => restoreToList(app, request.viewer!, siteScope(request), request.params.id),
  )
}
