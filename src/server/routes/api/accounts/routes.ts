import type { App } from '../../../app-type.ts'
import { z } from 'zod'
import { accountSchema } from '#shared/schemas/account'
import { registerSchema } from '#shared/schemas/register'
import type { Auth } from '../../../auth/auth.ts'
import type { Config } from '../../../config.ts'
import type { Db } from '../../../db/database.ts'
import { listAccounts, register, setAccountDisabled, setAccountLevel } from '../../../services/accounts.ts'

const idParams = z.object({ id: z.string().min(1).max(100) })

export function accountRoutes(app: App, db: Db, auth: Auth, config: Config) {
  app.post(
    '/api/register',
    {
      config: { minLevel: 0, rateLimit: { max: config.limits.register, timeWindow: '10 minutes' } },
      schema: {
        body: registerSchema,
        response: {
          201: z.object({ id: z.string(), userName: z.string(), requestedLevel: z.number() }),
        },
        tags: ['accounts'],
      },
    },
    async (request, reply) => reply.status(201).send(await register(db, auth, request.body)),
  )

  app.get(
    '/api/accounts',
    {
      config: { minLevel: 3, personalData: true },
      schema: { response: { 200: z.array(accountSchema) }, tags: ['accounts'] },
    },
    () => listAccounts(db),
  )

  app.put(
    '/api/accounts/:id/level',
    {
      config: { minLevel: 3 },
      schema: { params: idParams, body: z.object({ level: z.number().int().min(0).max(4) }), tags: ['accounts'] },
    },
    (request) => setAccountLevel(db, request.viewer!, request.params.id, request.body.level),
  )

  app.put(
    '/api/accounts/:id/disabled',
    {
      config: { minLevel: 3 },
      schema: { params: idParams, body: z.object({ disabled: z.boolean() }), tags: ['accounts'] },
    },
    (request) => setAccountDisabled(db, request.viewer!, request.params.id, request.body.disabled),
  )
}
