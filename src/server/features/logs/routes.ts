import type { App } from '#server/core/app-type'
import { logEntrySchema, logPageSchema, logQuerySchema } from '#shared/schemas/logs'
import { getLog, listLogs } from '#server/features/logs/service'
import { logAgeing } from '#server/features/logs/sql'
import { LEVELS } from '#shared/domain/levels'
import { serialIdParams } from '#server/core/http/serial-id'

// The activity log is the administrator's alone (spec section 6). Logged values hold people's
// records, addresses and all, hence personalData.
export async function logsFeature(app: App) {
  const { db, sendList } = app
  app.hooks.ageing.push({ kind: 'logEntries', ageing: logAgeing })
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
      schema: { params: serialIdParams, response: { 200: logEntrySchema }, tags: ['logs'] },
    },
    (request) => getLog(db, request.params.id),
  )
}
