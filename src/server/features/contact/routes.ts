import type { App } from '#server/core/app-type'
import { z } from 'zod'
import { contactSchema, enquirySchema } from '#shared/schemas/contact'
import { deliverEnquiry, listEnquiries, storeEnquiry } from '#server/features/contact/service'
import { LEVELS } from '#shared/domain/levels'

export async function contactFeature(app: App) {
  const { db, transport, config } = app
  app.post(
    '/api/contact',
    {
      config: { minLevel: LEVELS.guest, rateLimit: { max: config.limits.contact, timeWindow: '10 minutes' } },
      schema: {
        body: contactSchema,
        response: { 201: z.object({ id: z.number(), sent: z.boolean() }) },
        tags: ['contact'],
      },
    },
    async (request, reply) => {
      const id = await storeEnquiry(db, request.body)
      const sent = await deliverEnquiry(db, transport, id)
      if (!sent) request.log.warn({ enquiry: id }, 'enquiry stored but not yet sent')
      return reply.status(201).send({ id, sent })
    },
  )

  app.get(
    '/api/enquiries',
    {
      config: { minLevel: LEVELS.committee, personalData: true },
      schema: { response: { 200: z.array(enquirySchema) }, tags: ['contact'] },
    },
    () => listEnquiries(db),
  )
}
