import type { App } from '#server/core/app-type'
import { logEntrySchema, logPageSchema, logQuerySchema } from '#shared/schemas/logs'
import { getLog, listLogs } from '#server/features/logs/service'
import { logAgeing } from '#server/features/logs/sql'
import { LEVELS } from '#shared/domain/levels'
import { serialIdParams } from '#server/core/http/serial-id'
import { siteScope } from '#server/core/site-scope'

// The activity log is the administrator's alone (spec section 6). Logged values hold people's
// records, addresses and all, hence personalData. An administrator limited to some sites reads
// the entries naming them (decision 50).
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
        description:
          'One page of the activity log, sorted on the server (id breaks ties); with `site`, the entries naming that site. Each entry names the sites the change touched.',
      },
    },
    (request, reply) => {
      const scope = siteScope(request, request.query.site)
      return sendList(request, reply, logPageSchema, () => listLogs(db, scope, request.query))
    },
  )

  app.get(
    '/api/logs/:id',
    {
      config: { minLevel: LEVELS.admin, personalData: true },
      schema: { params: serialIdParams, response: { 200: logEntrySchema }, tags: ['logs'] },
    },
    (request) => getLog(db, siteScope(request), request.params.id),
  )
}
