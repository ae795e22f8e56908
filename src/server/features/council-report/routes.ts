import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import { councilReportQuerySchema, councilReportSchema } from '#shared/schemas/council-report'
import type { App } from '#server/core/app-type'
import { siteScope } from '#server/core/site-scope'
import { councilReport, councilReportCsv } from '#server/features/council-report/service'

const committee = { minLevel: LEVELS.committee }
const tags = ['reports']

// What councils are asked (issue 46, item 6; decision 52), for the committee as rent's reports
// are: an account limited to some sites reads those sites and their total. The answer is cached
// per data version and per day (the list is read today for the current year).
export async function councilReportFeature(app: App) {
  const { db, clock, sendList } = app
  app.get(
    '/api/reports/sites',
    {
      config: committee,
      schema: {
        querystring: councilReportQuerySchema,
        response: { 200: councilReportSchema },
        tags,
        description:
          "Each site's plots, waiting list, lettings and rent for a year (the current one by default), and their total.",
      },
    },
    (request, reply) => {
      const today = clock.today()
      const scope = siteScope(request)
      return sendList(
        request,
        reply,
        councilReportSchema,
        () => councilReport(db, scope, today, request.query.year),
        today,
      )
    },
  )

  app.get(
    '/api/reports/sites.csv',
    {
      config: committee,
      schema: {
        querystring: councilReportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string() },
        tags,
      },
    },
    async (request, reply) => {
      const report = await councilReport(db, siteScope(request), clock.today(), request.query.year)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sites-${report.year}.csv"`)
        .send(councilReportCsv(report))
    },
  )
}
