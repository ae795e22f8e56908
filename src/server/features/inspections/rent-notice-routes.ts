import type { App } from '#server/core/app-type'
import { LEVELS } from '#shared/domain/levels'
import {
  rentNoticePreviewSchema,
  rentNoticeSentSchema,
  sendRentNoticeSchema,
} from '#shared/schemas/rent-notices'
import { serialIdParams } from '#server/core/http/serial-id'
import { siteScope } from '#server/core/site-scope'
import {
  previewRentNotice,
  runningRentNotices,
  sendRentNotice,
} from '#server/features/inspections/rent-notice'

const committee = { minLevel: LEVELS.committee, personalData: true }
const tags = ['rent', 'inspections']

// Notice to quit for rent unpaid 40 days after it was due (decision 61), offered by the arrears
// list: kept with the inspections' notices, whose deadline ends the tenancy. A site
// representative reaches their sites' invoices only (403, a refused send logged).
export function rentNoticeRoutes(app: App) {
  app.hooks.rentNoticesRunning.push(runningRentNotices)

  app.get(
    '/api/rent/invoices/:id/notice-to-quit',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        response: { 200: rentNoticePreviewSchema },
        tags,
        description:
          'The notice to quit the invoice allows today, before anything is sent: the payer, the plot, the sum overdue and the day the tenancy would end (one month from today), whom it reaches and how, the letter as its first tenant will read it, and the confirmation sending needs. 422 when no notice may be given (cancelled, paid, fewer than 40 days past due, a notice already running, no tenant).',
      },
    },
    (request) => previewRentNotice(app, siteScope(request), request.params.id),
  )

  app.post(
    '/api/rent/invoices/:id/notice-to-quit',
    {
      config: committee,
      schema: {
        params: serialIdParams,
        body: sendRentNoticeSchema,
        response: { 201: rentNoticeSentSchema },
        tags,
        description:
          "Gives the notice as its preview showed it (`confirmation`; 409 when it would now say otherwise): a notice to quit of the invoice's plot, sent to its tenants by their ways, ending the tenancy on its last day unless the rent is paid by then.",
      },
    },
    async (request, reply) => {
      const sent = await sendRentNotice(
        app,
        request.viewer!,
        siteScope(request),
        request.params.id,
        request.body.confirmation,
      )
      return reply.code(201).send(sent)
    },
  )
}
