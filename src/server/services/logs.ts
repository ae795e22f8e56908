import { defaultLogOrder } from '#shared/domain/log-sort'
import type { LogEntry, LogPage, LogQuery } from '#shared/schemas/logs'
import type { Db } from '../db/database.ts'
import { notFound } from '../errors.ts'

export const logEntryMissing = 'That log entry does not exist.'

// Sorting and paging happen in SQL so that a log of 100,000 entries costs one page of rows.
// The id tiebreak makes the order total (equal time stamps, method names...), so pages never
// overlap or skip, and it matches the (column, id) indexes, which the engines walk in either
// direction instead of sorting.
export async function listLogs(db: Db, query: LogQuery): Promise<LogPage> {
  const order = query.order ?? defaultLogOrder(query.sort)
  const [entries, count] = await Promise.all([
    db.kysely
      .selectFrom('logs')
      .selectAll()
      .orderBy(query.sort, order)
      .orderBy('id', order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db.kysely
      .selectFrom('logs')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ])
  return { entries, total: Number(count.total), page: query.page, pageSize: query.pageSize }
}

export async function getLog(db: Db, id: number): Promise<LogEntry> {
  const entry = await db.kysely
    .selectFrom('logs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  if (!entry) throw notFound(logEntryMissing)
  return entry
}
