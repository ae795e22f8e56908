import { z } from 'zod'
import {
  depositEntryInputSchema,
  depositInputSchema,
  depositKindInputSchema,
  depositKindSchema,
  depositKindsSchema,
  depositKindUpdateSchema,
  depositSchema,
  depositsHeldSchema,
  depositsSchema,
} from '#shared/schemas/deposits'
import { isoDate } from '#shared/schemas/person'
import type { App } from '#server/core/app-type'
import { serialIdParams } from '#server/core/http/serial-id'
import { siteScope } from '#server/core/site-scope'
import type { Rent } from '#server/features/rent/context'
import {
  addDepositEntry,
  addDepositKind,
  depositsHeld,
  listDepositKinds,
  personDeposits,
  takeDeposit,
  updateDepositKind,
} from '#server/features/rent/deposits'
import { admin, committee, everySite, tags } from '#server/features/rent/route-config'

const personParams = z.object({ id: z.string().min(1).max(40) })

// Deposits (issue 47, item 2, decision 58): the kinds are the administrator's, for the whole
// organisation; the deposits the committee's, on the sites their accounts reach.
export function depositRoutes(app: App, rent: Rent) {
  app.get(
    '/api/rent/deposit-kinds',
    { config: committee, schema: { response: { 200: depositKindsSchema }, tags } },
    () => listDepositKinds(rent),
  )

  app.post(
    '/api/rent/deposit-kinds',
    {
      config: admin,
      ...everySite,
      schema: { body: depositKindInputSchema, response: { 201: depositKindSchema }, tags },
    },
    async (request, reply) =>
      reply.status(201).send(await addDepositKind(rent, request.viewer!, request.body)),
  )

  app.put(
    '/api/rent/deposit-kinds/:id',
    {
      config: admin,
      ...everySite,
      schema: {
        params: serialIdParams,
        body: depositKindUpdateSchema,
        response: { 200: depositKindSchema },
        tags,
        description: 'A kind changed, against the version read: deposits taken from now on.',
      },
    },
    (request) => updateDepositKind(rent, request.viewer!, request.params.id, request.body),
  )

  app.get(
    '/api/people/:id/deposits',
    {
      config: committee,
      schema: { params: personParams, response: { 200: depositsSchema }, tags },
    },
    (request) => personDeposits(rent, siteScope(request), request.params.id),
  )

  app.post(
    '/api/people/:id/deposits',
    {
      config: committee,
      schema: {
        params: personParams,
        body: depositInputSchema,
        response: { 201: depositSchema },
        tags,
        description: 'A deposit taken from a tenant for their plot, or a key to its site.',
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await takeDeposit(
            rent,
            request.viewer!,
            siteScope(request),
            request.params.id,
            request.body,
          ),
        ),
  )

  app.post(
    '/api/rent/deposits/:id/entries',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        body: depositEntryInputSchema,
        response: { 200: depositSchema },
        tags,
        description:
          'Some or all of a deposit returned, or kept, with the reason (or more taken), against the version read.',
      },
    },
    (request) =>
      addDepositEntry(rent, request.viewer!, siteScope(request), request.params.id, request.body),
  )

  app.get(
    '/api/rent/deposits/held',
    {
      config: committee,
      schema: {
        querystring: z.object({ date: isoDate.optional() }),
        response: { 200: depositsHeldSchema },
        tags,
        description: 'The deposits held at the end of a day (today unless given), and their total.',
      },
    },
    (request) => depositsHeld(rent, siteScope(request), request.query.date),
  )
}
