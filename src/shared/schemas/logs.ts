import { z } from 'zod'
import { LOG_MAX_PAGE_SIZE, LOG_PAGE_SIZE, LOG_SORT_COLUMNS } from '#shared/domain/log-sort'
import { siteQuerySchema } from '#shared/schemas/site'

// The activity log of spec section 3. value and error are stored serialized (JSON text);
// error is the text 'null' when the change succeeded. `sites`: the ids of the sites the change
// touched (issue 46), none for the organisation's own (an account, a setting).
export const logEntrySchema = z.object({
  id: z.number(),
  timeStamp: z.string(),
  userName: z.string(),
  methodName: z.string(),
  eventCollection: z.string(),
  docId: z.string(),
  value: z.string(),
  error: z.string(),
  sites: z.array(z.number()),
})

export type LogEntry = z.infer<typeof logEntrySchema>

// Query strings arrive as text; an omitted order means the column's default (see log-sort.ts).
// `site`: only the entries naming that site.
export const logQuerySchema = siteQuerySchema.extend({
  sort: z.enum(LOG_SORT_COLUMNS).default('timeStamp'),
  order: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LOG_MAX_PAGE_SIZE).default(LOG_PAGE_SIZE),
})

export type LogQuery = z.infer<typeof logQuerySchema>

export const logPageSchema = z.object({
  entries: z.array(logEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
})

export type LogPage = z.infer<typeof logPageSchema>
