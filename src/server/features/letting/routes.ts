import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import { offerAnswerable } from '#shared/domain/letting'
import { offerMessages } from '#shared/offer-messages'
import {
  applicationSchema,
  lapsedPersonSchema,
  lettingSettingsSchema,
  newOfferSchema,
  offerAnswerSchema,
  offerChoicesSchema,
  offerSchema,
  placeSchema,
  positionQuerySchema,
  storedLettingSettingsSchema,
  tokenPreviewSchema,
  tokenSchema,
  waitingListEventSchema,
  withdrawOfferSchema,
  type TokenPreview,
} from '#shared/schemas/letting'
import { personSchema } from '#shared/schemas/person'
import type { App } from '#server/core/app-type'
import type { ReadTx } from '#server/core/db/write-transaction'
import { badRequest } from '#server/core/errors'
import { serialIdParams } from '#server/core/http/serial-id'
import {
  applicationExpiryJob,
  applyForPlot,
  confirmApplication,
  findPlace,
} from '#server/features/letting/applications'
import { todayOf } from '#server/features/letting/context'
import {
  answerByToken,
  listOffers,
  makeOffer,
  offerChoices,
  offerExpiryJob,
  offerOfToken,
  recordAnswer,
  withdrawOffer,
} from '#server/features/letting/offers'
import { lettingSettings, saveLettingSettings } from '#server/features/letting/settings'
import { closeOffers } from '#server/features/letting/sql'
import { waitingListHistory } from '#server/features/people/waiting-list-sql'
import {
  lapsedPeople,
  restoreToList,
  stayOnList,
  stillWantJobs,
  stillWantOfToken,
} from '#server/features/letting/still-want'

// Letting plots: applications from the public site, confirmed by e-mail; one's place on the
// waiting list; offers of a plot with their deadlines; the yearly question whether people still
// want a plot; the history of each person's place; and the administrator's letting settings.
const tags = ['letting']

/** What a link's token stands for, while it can still be used. */
async function previewOfToken(tx: ReadTx, token: string, today: string): Promise<TokenPreview> {
  const offer = await offerOfToken(tx, token)
  if (offer && offerAnswerable(offer.offer, today))
    return { action: offer.answer, plotId: offer.offer.plotId, deadline: offer.offer.deadline }
  const stillWant = await stillWantOfToken(tx, token)
  if (stillWant) return { action: 'stay', closesOn: stillWant.closesOn }
  throw badRequest(offerMessages.linkUnusable)
}

export async function lettingFeature(app: App) {
  const { db, config, copies, jobs } = app
  const letting = { db, config, copies, jobs }
  jobs.define(applicationExpiryJob(letting))
  jobs.define(offerExpiryJob(letting))
  const stillWant = stillWantJobs(letting)
  jobs.define(stillWant.round)
  jobs.define(stillWant.close)
  // A person's removal withdraws their open offers: their links stop working.
  app.hooks.removingPerson.push((tx, personId) => closeOffers(tx, { personId }, 'withdrawn'))
  const committee = { minLevel: LEVELS.committee }
  const admin = { minLevel: LEVELS.admin }
  // Scripts that try addresses or references are slowed like any public form.
  const publicForm = (max: number) => ({
    minLevel: LEVELS.guest,
    rateLimit: { max, timeWindow: '10 minutes' },
  })

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
      await applyForPlot(letting, request.body)
      jobs.wake()
      return reply.status(201).send({ applied: true })
    },
  )

  app.post(
    '/api/apply/confirm',
    {
      config: publicForm(config.limits.register),
      schema: { body: tokenSchema, response: { 200: placeSchema }, tags },
    },
    async (request) => {
      const place = await confirmApplication(letting, request.body.token)
      jobs.wake()
      return place
    },
  )

  app.post(
    '/api/apply/position',
    {
      config: publicForm(config.limits.signIn),
      schema: { body: positionQuerySchema, response: { 200: placeSchema }, tags },
    },
    (request) => findPlace(db, request.body.reference, request.body.email),
  )

  app.get(
    '/api/people/:id/waiting-list-history',
    {
      config: { minLevel: LEVELS.committee },
      schema: {
        params: z.object({ id: z.string().min(1).max(40) }),
        response: { 200: z.array(waitingListEventSchema) },
        tags,
      },
    },
    (request) => waitingListHistory(db.kysely, request.params.id),
  )

  app.get(
    '/api/apply/privacy-notice',
    {
      config: { minLevel: LEVELS.guest },
      schema: { response: { 200: z.object({ privacyNotice: z.string() }) }, tags },
    },
    async () => ({ privacyNotice: (await lettingSettings(db.kysely)).privacyNotice }),
  )

  app.get(
    '/api/letting/settings',
    { config: admin, schema: { response: { 200: storedLettingSettingsSchema }, tags } },
    () => lettingSettings(db.kysely),
  )

  app.put(
    '/api/letting/settings',
    {
      config: admin,
      schema: {
        body: lettingSettingsSchema.safeExtend({ version: z.int().min(0) }),
        response: { 200: storedLettingSettingsSchema },
        tags,
      },
    },
    (request) =>
      saveLettingSettings(db, request.viewer!, request.body, (tx, saved) =>
        stillWant.scheduleNext(tx, saved, todayOf(letting)),
      ),
  )

  app.get(
    '/api/offers',
    {
      config: committee,
      schema: {
        response: { 200: z.object({ open: z.array(offerSchema), closed: z.array(offerSchema) }) },
        tags,
      },
    },
    () => listOffers(db.kysely),
  )

  app.get(
    '/api/offers/choices',
    { config: committee, schema: { response: { 200: offerChoicesSchema }, tags } },
    () => offerChoices(db.kysely),
  )

  app.post(
    '/api/offers',
    { config: committee, schema: { body: newOfferSchema, response: { 201: offerSchema }, tags } },
    async (request, reply) =>
      reply.status(201).send(await makeOffer(letting, request.viewer!, request.body)),
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
    (request) => recordAnswer(letting, request.viewer!, request.params.id, request.body.answer),
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
    (request) => withdrawOffer(letting, request.viewer!, request.params.id, request.body.reason),
  )

  // The page a link in an offer or in the yearly question opens: first what the token is for,
  // then, when the person presses the button, the answer (a link that only loads does nothing,
  // so a mail scanner that follows links cannot accept a plot).
  app.post(
    '/api/letting/link',
    {
      config: publicForm(config.limits.signIn),
      schema: { body: tokenSchema, response: { 200: tokenPreviewSchema }, tags },
    },
    (request) => previewOfToken(db.kysely, request.body.token, todayOf(letting)),
  )

  app.post(
    '/api/letting/link/use',
    {
      config: publicForm(config.limits.signIn),
      schema: { body: tokenSchema, response: { 200: tokenPreviewSchema }, tags },
    },
    async (request): Promise<TokenPreview> => {
      const { token } = request.body
      if (await stillWantOfToken(db.kysely, token))
        return { action: 'stay', ...(await stayOnList(letting, token)) }
      return answerByToken(letting, token)
    },
  )

  app.get(
    '/api/waiting-list/lapsed',
    { config: committee, schema: { response: { 200: z.array(lapsedPersonSchema) }, tags } },
    () => lapsedPeople(db.kysely),
  )

  app.post(
    '/api/people/:id/restore-to-waiting-list',
    {
      config: committee,
      schema: {
        params: z.object({ id: z.string().min(1).max(40) }),
        response: { 200: personSchema },
        tags,
      },
    },
    (request) => restoreToList(letting, request.viewer!, request.params.id),
  )
}
