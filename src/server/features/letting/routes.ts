import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import {
  applicationSchema,
  confirmApplicationSchema,
  placeSchema,
  positionQuerySchema,
  waitingListEventSchema,
} from '#shared/schemas/letting'
import type { App } from '#server/core/app-type'
import { applyForPlot, confirmApplication, findPlace } from '#server/features/letting/applications'
import { waitingListHistory } from '#server/features/letting/sql'

// Letting plots, part 1: applications from the public site, confirmed by e-mail; one's place on
// the waiting list; and the history of each person's place, for the committee.
const tags = ['letting']

export async function lettingFeature(app: App) {
  const { db, config, copies, jobs } = app
  const letting = { db, config, copies, clock: jobs.clock }
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
        // The answer repeats nothing of what was sent: the page says where the e-mail went.
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
      schema: { body: confirmApplicationSchema, response: { 200: placeSchema }, tags },
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
}
