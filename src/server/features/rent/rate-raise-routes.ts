import { z } from 'zod'
import { personRaiseNoticeSchema, rateRaiseSchema } from '#shared/schemas/rent'
import type { App } from '#server/core/app-type'
import { siteScope } from '#server/core/site-scope'
import { personRaiseNotices, raisesWaiting } from '#server/features/rent/rate-raises'
import { committee, tags } from '#server/features/rent/route-config'

const personParams = z.object({ id: z.string().min(1).max(40) })

// Raises of the rates waiting for their day, and a person's notices of them (decision 62): the
// committee's, for the sites their accounts reach. A raise is made by saving the rates.
export function rateRaiseRoutes(app: App) {
  app.get(
    '/api/rent/rate-raises',
    {
      config: committee,
      schema: {
        response: { 200: z.array(rateRaiseSchema) },
        tags,
        description:
          'Raises of the rates still to take effect, newest first, with the tenants whose rent rises.',
      },
    },
    (request) => raisesWaiting(app, siteScope(request)),
  )

  app.get(
    '/api/people/:id/rate-notices',
    {
      config: committee,
      schema: { params: personParams, response: { 200: z.array(personRaiseNoticeSchema) }, tags },
    },
    (request) => personRaiseNotices(app, siteScope(request), request.params.id),
  )
}
