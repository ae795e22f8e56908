import type { App } from '#server/core/app-type'
import { z } from 'zod'
import { contactSchema, enquirySchema } from '#shared/schemas/contact'
import { enquiries, listEnquiries, sendEnquiry } from '#server/features/contact/service'
import { LEVELS } from '#shared/domain/levels'
import { emailsOf } from '#server/core/hooks'
import { enquiriesFrom, enquiryAgeing, eraseEnquiries } from '#server/features/contact/sql'

export async function contactFeature(app: App) {
  const contact = enquiries(app)
  app.hooks.describingPerson.push(async (tx, person) => ({
    enquiries: await enquiriesFrom(tx, emailsOf(person)),
  }))
  app.hooks.erasingPerson.push(eraseEnquiries)
  app.hooks.ageing.push({ kind: 'enquiries', ageing: enquiryAgeing })

  app.post(
    '/api/contact',
    {
      config: {
        minLevel: LEVELS.guest,
        rateLimit: { max: app.config.limits.contact, timeWindow: '10 minutes' },
      },
      schema: {
        body: contactSchema,
        response: { 201: z.object({ id: z.number(), sent: z.boolean() }) },
        tags: ['contact'],
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendEnquiry(contact, request.body, request.log)),
  )

  app.get(
    '/api/enquiries',
    {
      config: { minLevel: LEVELS.committee, personalData: true },
      schema: { response: { 200: z.array(enquirySchema) }, tags: ['contact'] },
    },
    () => listEnquiries(contact),
  )
}
