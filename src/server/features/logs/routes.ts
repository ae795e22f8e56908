import type { App } from '#server/core/app-type'
import { z } from 'zod'
import { logEntrySchema, logPageSchema, logQuerySchema } from '#shared/schemas/logs'
import { getLog, listLogs } from '#server/features/logs/service'
import { LEVELS } from '#shared/domain/levels'

// Ids are PostgreSQL integers: a larger number names nothing, and must not reach the query.
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

// The activity log is the administrator's alone (spec section 6). Logged values hold people's
// records, addresses and all, hence personalData.
export async function logsFeature(app: App) {
  const { db, sendList } = app
  app.get(
    '/api/logs',
    {
      config: { minLevel: LEVELS.admin, personalData: true },
      schema: {
        querystring: logQuerySchema,
        response: { 200: logPageSchema },
        tags: ['logs'],
        description: 'One page of the activity log, sorted on the server (id breaks ties).',
      },
    },
    (request, reply) => sendList(request, reply, logPageSchema, () => listLogs(db, request.query)),
  )

  app.get(
    '/api/logs/:id',
    {
      config: { minLevel: LEVELS.admin, personalData: true },
      schema: { params: idParams, response: { 200: logEntrySchema }, tags: ['logs'] },
    },
    (request) => getLog(db, request.params.id),
  )
}
