import type { EndedTenancy } from '#shared/schemas/leaving'
import type { Db } from '#server/core/db/database'
import type { SiteScope } from '#server/core/site-scope'
import { requirePersonInScope } from '#server/features/people/sql'
import { tenancyEndsOf } from '#server/features/people/tenancy-ends-sql'

/** The person's tenancies that ended, the latest first; 404 when there is no such person. */
export async function personTenancyEnds(
  { db }: { db: Db },
  scope: SiteScope,
  id: string,
): Promise<EndedTenancy[]> {
  await requirePersonInScope(db.kysely, scope, id)
  return tenancyEndsOf(db.kysely, id)
}
