import type { App } from '#server/core/app-type'
import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'

export const siteInfo = z.object({
  charityName: z.string(),
  charityNumber: z.string(),
  charityRegisterUrl: z.string(),
})

// The association's own details for the public footer, configured by environment.
export async function siteFeature(app: App) {
  const { config } = app
  app.get(
    '/api/site',
    { config: { minLevel: LEVELS.guest }, schema: { response: { 200: siteInfo }, tags: ['site'] } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300')
      return {
        charityName: config.charity.name,
        charityNumber: config.charity.number,
        charityRegisterUrl: config.charity.registerUrl,
      }
    },
  )
}
