import { z } from 'zod'

// Ids the database numbers itself are PostgreSQL integers: a larger number names nothing, and
// must not reach the query.
export const serialIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

/** A site's id in a path (`/:siteId`): a site's own settings (decisions 48 and 53). */
export const siteIdParams = z.object({ siteId: serialIdParams.shape.id })
