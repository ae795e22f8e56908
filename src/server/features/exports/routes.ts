import type { FastifyReply } from 'fastify'
import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import type { App } from '#server/core/app-type'
import {
  plotHoldersCsv,
  plotHoldersList,
  plotsCsv,
  waitingListCsv,
} from '#server/features/exports/service'
import { sendPdf } from '#server/core/http/send-pdf'
import { siteScope } from '#server/core/site-scope'

// The people lists carry addresses, phones and emails: committee only. The plots list is what
// GET /api/plots already shows level 2.
const committee = { minLevel: LEVELS.committee, personalData: true }
const land = { minLevel: LEVELS.land }

// Documents the answer in /api/openapi.json; a string sent as text/csv is never serialised.
const csvAnswer = { produces: ['text/csv'], response: { 200: z.string() }, tags: ['exports'] }

export async function exportsFeature(app: App) {
  const { db, clock } = app
  // The day in the file name (the server's today) tells apart downloads kept side by side.
  const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}-${clock.today()}.csv"`)
      .send(csv)

  app.get(
    '/api/exports/plotholders.csv',
    {
      config: committee,
      schema: { ...csvAnswer, description: 'Plot holders sorted by nickname.' },
    },
    async (request, reply) =>
      sendCsv(reply, 'plot-holders', await plotHoldersCsv(db, siteScope(request))),
  )

  app.get(
    '/api/exports/plotholders.pdf',
    {
      config: committee,
      schema: {
        produces: ['application/pdf'],
        description:
          'Plot holders by surname with their plots, phone numbers, e-mails and addresses.',
        tags: ['exports'],
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        `plot-holders-${clock.today()}.pdf`,
        await plotHoldersList(db, app.config, siteScope(request), clock.today()),
      ),
  )

  app.get(
    '/api/exports/waitinglist.csv',
    {
      config: committee,
      schema: { ...csvAnswer, description: 'The waiting list in order, with positions.' },
    },
    async (request, reply) =>
      sendCsv(reply, 'waiting-list', await waitingListCsv(db, siteScope(request))),
  )

  app.get(
    '/api/exports/plots.csv',
    {
      config: land,
      schema: { ...csvAnswer, description: 'Plots with tenant nicknames and paid state.' },
    },
    async (request, reply) => sendCsv(reply, 'plots', await plotsCsv(db, siteScope(request))),
  )
}
