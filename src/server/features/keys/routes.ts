import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import {
  handOverSchema,
  keyHoldingsSchema,
  keyInputSchema,
  keyLostSchema,
  keyReturnSchema,
  keySchema,
  keysSchema,
} from '#shared/schemas/keys'
import { siteQuerySchema } from '#shared/schemas/site'
import type { App } from '#server/core/app-type'
import { serialIdParams } from '#server/core/http/serial-id'
import { siteScope } from '#server/core/site-scope'
import { ownPersonId } from '#server/core/viewer'
import { handOverKey, loseKey, returnKey } from '#server/features/keys/holdings'
import { addKey, listKeys, myKeys, personKeys } from '#server/features/keys/keys'
import {
  eraseKeyData,
  heldKeysBlockErasure,
  keyDataOf,
  mergeKeyData,
} from '#server/features/keys/person-data'

const tags = ['keys']
const committee = { minLevel: LEVELS.committee }
const personParams = z.object({ id: z.string().min(1).max(40) })

// Keys and fobs (issue 48, item 4, decision 64): the committee's, on the sites their accounts
// reach; a member sees the keys they hold.
export async function keysFeature(app: App) {
  app.hooks.describingPerson.push(keyDataOf)
  app.hooks.erasureBlockers.push(heldKeysBlockErasure)
  app.hooks.erasingPerson.push(eraseKeyData)
  app.hooks.mergingPeople.push(mergeKeyData)

  app.get(
    '/api/keys',
    {
      config: { ...committee, personalData: true },
      schema: { querystring: siteQuerySchema, response: { 200: keysSchema }, tags },
    },
    (request) => listKeys(app, siteScope(request), request.query.site),
  )

  app.post(
    '/api/keys',
    {
      config: committee,
      schema: {
        body: keyInputSchema,
        response: { 201: keySchema },
        tags,
        description: 'A key or fob added to a site, its number or label not already the site’s.',
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addKey(app, request.viewer!, siteScope(request), request.body)),
  )

  app.post(
    '/api/keys/:id/hand-over',
    {
      config: { ...committee, personalData: true },
      schema: {
        params: serialIdParams,
        body: handOverSchema,
        response: { 200: keySchema },
        tags,
        description:
          'A key handed to a person on a day, against the version read, with a deposit for their plot or none.',
      },
    },
    (request) =>
      handOverKey(app, request.viewer!, siteScope(request), request.params.id, request.body),
  )

  app.post(
    '/api/keys/:id/return',
    {
      config: { ...committee, personalData: true },
      schema: {
        params: serialIdParams,
        body: keyReturnSchema,
        response: { 200: keySchema },
        tags,
        description: 'A key come back on a day, with what of its deposit is given back.',
      },
    },
    (request) =>
      returnKey(app, request.viewer!, siteScope(request), request.params.id, request.body),
  )

  app.post(
    '/api/keys/:id/lost',
    {
      config: { ...committee, personalData: true },
      schema: {
        params: serialIdParams,
        body: keyLostSchema,
        response: { 200: keySchema },
        tags,
        description: 'A key lost on a day: its deposit kept for it, or a charge, or both.',
      },
    },
    (request) => loseKey(app, request.viewer!, siteScope(request), request.params.id, request.body),
  )

  app.get(
    '/api/people/:id/keys',
    {
      config: { ...committee, personalData: true },
      schema: { params: personParams, response: { 200: keyHoldingsSchema }, tags },
    },
    (request) => personKeys(app, siteScope(request), request.params.id),
  )

  // The member's own (issue 29): any signed-in level, only the person the account is.
  app.get(
    '/api/me/keys',
    {
      config: { minLevel: LEVELS.plotholder, personalData: true },
      schema: { response: { 200: keyHoldingsSchema }, tags },
    },
    (request) => myKeys(app, ownPersonId(request.viewer!)),
  )
}
