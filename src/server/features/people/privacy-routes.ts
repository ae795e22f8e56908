import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import {
  dueForErasureSchema,
  holdInputSchema,
  privacySettingsSchema,
  storedPrivacySettingsSchema,
} from '#shared/schemas/privacy'
import type { App } from '#server/core/app-type'
import { everySite } from '#server/core/site-scope'
import type { Erasure } from '#server/core/hooks'
import type { WriteTx } from '#server/core/db/write-transaction'
import { dueForErasure } from '#server/features/people/retention-due'
import { holdFromErasure, releaseFromErasure } from '#server/features/people/retention-holds'
import { retentionJob, scheduleFirstRun } from '#server/features/people/retention'
import { privacySettings, savePrivacySettings } from '#server/features/people/privacy-settings'
import { deleteHold } from '#server/features/people/retention-sql'

// Retention (issue 30, item 3): the administrator's periods, the committee's list of who and what
// is due for erasure with its holds, the daily run, and the periods for the public privacy page
// (which shows them beside letting's privacy notice).
const tags = ['privacy']
const admin = { minLevel: LEVELS.admin }
const committee = { minLevel: LEVELS.committee, personalData: true }
const personParams = z.object({ personId: z.string().min(1).max(40) })
const holdAnswer = z.object({ personId: z.string() })

export async function privacyRoutes(app: App) {
  const retention = retentionJob(app)
  app.jobs.define(retention)
  // A person erased by hand takes their hold with them.
  app.hooks.erasingPerson.push(async (tx: WriteTx, erasure: Erasure) => {
    await deleteHold(tx, erasure.id)
  })

  app.get(
    '/api/privacy',
    {
      config: { minLevel: LEVELS.guest },
      schema: { response: { 200: privacySettingsSchema }, tags },
    },
    async () => {
      const { version: _, ...settings } = await privacySettings.read(app.db.kysely)
      return settings
    },
  )

  app.get(
    '/api/privacy/settings',
    { config: admin, schema: { response: { 200: storedPrivacySettingsSchema }, tags } },
    () => privacySettings.read(app.db.kysely),
  )

  app.put(
    '/api/privacy/settings',
    {
      config: admin,
      schema: {
        body: privacySettingsSchema.safeExtend({ version: z.int().min(0) }),
        response: { 200: storedPrivacySettingsSchema },
        tags,
      },
    },
    (request) =>
      savePrivacySettings(app, request.viewer!, request.body, (tx) =>
        scheduleFirstRun(app, tx, retention),
      ),
  )

  // Former members are on no site: what falls due, and holding them back, is the whole
  // organisation's, refused to an account limited to some sites (decision 46).
  app.get(
    '/api/privacy/due',
    { config: committee, ...everySite, schema: { response: { 200: dueForErasureSchema }, tags } },
    () => dueForErasure(app),
  )

  app.post(
    '/api/privacy/holds',
    {
      config: committee,
      ...everySite,
      schema: { body: holdInputSchema, response: { 201: holdAnswer }, tags },
    },
    async (request, reply) =>
      reply.status(201).send(await holdFromErasure(app, request.viewer!, request.body)),
  )

  app.delete(
    '/api/privacy/holds/:personId',
    {
      config: committee,
      ...everySite,
      schema: { params: personParams, response: { 200: holdAnswer }, tags },
    },
    (request) => releaseFromErasure(app, request.viewer!, request.params.personId),
  )
}
