import type { App } from '#server/core/app-type'
import { vitalsReportSchema, vitalsSummarySchema } from '#shared/schemas/web-vitals'
import { occasionalPruner, storeVitals, summariseVitals } from '#server/features/vitals/service'
import { LEVELS } from '#shared/domain/levels'

// A browser sends a handful of reports per page load; more than one a second for a minute is
// not a browser measuring itself.
const REPORTS_PER_MINUTE = 60
// Twenty records are about 2 kB of JSON; anything much larger is not a report.
const REPORT_BODY_LIMIT = 8 * 1024

export async function vitalsFeature(app: App) {
  const { db, clock } = app
  const prune = occasionalPruner(db)

  app.post(
    '/api/vitals',
    {
      config: {
        minLevel: LEVELS.guest,
        rateLimit: { max: REPORTS_PER_MINUTE, timeWindow: '1 minute' },
      },
      bodyLimit: REPORT_BODY_LIMIT,
      schema: {
        body: vitalsReportSchema,
        tags: ['vitals'],
        description:
          'Core Web Vitals measured in a visitor’s browser (sent with navigator.sendBeacon). ' +
          'Stores name, value, rating and route pattern only: nothing about the visitor.',
      },
    },
    async (request, reply) => {
      const now = clock.now()
      await storeVitals(db, request.body, now)
      await prune(now)
      return reply.status(204).send()
    },
  )

  app.get(
    '/api/vitals/summary',
    {
      config: { minLevel: LEVELS.admin },
      schema: {
        response: { 200: vitalsSummarySchema },
        tags: ['vitals'],
        description: 'Count and 75th percentile per metric and route over the last 30 days.',
      },
    },
    () => summariseVitals(db, clock.now()),
  )
}
