import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import { endedTenancySchema, formerTenantSchema } from '#shared/schemas/leaving'
import type { App } from '#server/core/app-type'
import { siteScope } from '#server/core/site-scope'
import { formerTenants } from '#server/features/people/tenancy-ends-sql'
import { personTenancyEnds } from '#server/features/people/tenancy-ends'

// Former tenants (issue 44): a person's tenancies that ended, on their page, and everyone who
// left and holds no plot, kept for the records. Names, plots and dates: the committee's to read.
const tags = ['people']
const committee = { minLevel: LEVELS.committee }

export async function tenancyEndsRoutes(app: App) {
  app.get(
    '/api/people/:id/tenancy-ends',
    {
      config: committee,
      schema: {
        params: z.object({ id: z.string().min(1).max(40) }),
        response: { 200: z.array(endedTenancySchema) },
        tags,
        description: "The person's tenancies that ended, the latest first.",
      },
    },
    (request) => personTenancyEnds(app, siteScope(request), request.params.id),
  )

  app.get(
    '/api/former-tenants',
    {
      config: committee,
      schema: {
        response: { 200: z.array(formerTenantSchema) },
        tags,
        description:
          'Those whose tenancy ended and who hold no plot and are not on the waiting list, each with their last tenancy to end.',
      },
    },
    (request) => formerTenants(app.db.kysely, siteScope(request)),
  )
}
