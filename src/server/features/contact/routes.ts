import type { App } from '#server/core/app-type'
import { z } from 'zod'
import { contactSchema, enquirySchema } from '#shared/schemas/contact'
import { writeTransaction } from '#server/core/db/write-transaction'
import { deliverEnquiryJob, listEnquiries, storeEnquiry } from '#server/features/contact/service'
import { LEVELS } from '#shared/domain/levels'

export async function contactFeature(app: App) {
  const { db, transport, config, jobs } = app
  const delivery = deliverEnquiryJob(db, transport, config.email.retrySeconds)
  jobs.define(delivery)

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
      // The enquiry and the job that sends it are stored together; this request makes the first
      // attempt itself, so that the answer can say whether it went.
      const { id, job } = await writeTransaction(db, async (tx) => {
        const { id } = await storeEnquiry(tx, request.body)
        return { id, job: await jobs.enqueueClaimed(tx, delivery, { enquiryId: id }) }
      })
      const sent = await jobs.runClaimed(job)
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
