import type { App } from '#server/core/app-type'
import { siteScope } from '#server/core/site-scope'
import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import { historyEventSchema } from '#shared/schemas/plot-history'
import { plotHistory } from '#server/features/plot-history/service'

// A plot's history on its page (issue 32), for the committee: tenants' names, invoices and
// notices are theirs to see.
export async function plotHistoryFeature(app: App) {
  app.get(
    '/api/plots/:id/history',
    {
      config: { minLevel: LEVELS.committee },
      schema: {
        params: z.object({ id: z.string().min(1).max(40) }),
        response: { 200: z.array(historyEventSchema) },
        tags: ['plots'],
        description:
          "The plot's tenancies, inspections with their photos, notices, invoices and offers, newest first.",
      },
    },
    (request) => plotHistory(app, siteScope(request), request.params.id),
  )
}
