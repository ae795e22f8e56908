import { defaultLogOrder } from '#shared/domain/log-sort'
import { logMessages } from '#shared/messages/logs'
import type { LogEntry, LogPage, LogQuery } from '#shared/schemas/logs'
import type { Db } from '#server/core/db/database'
import { dataVersion } from '#server/core/db/data-version'
import { notFound } from '#server/core/errors'
import * as logsSql from '#server/features/logs/sql'

// Sorting and paging happen in SQL so that a log of 100,000 entries costs one page of rows.
// The id tiebreak makes the order total (equal time stamps, method names...), so pages never
// overlap or skip, and it matches the (column, id) indexes, which the engines walk in either
// direction instead of sorting.
export async function listLogs(db: Db, query: LogQuery): Promise<LogPage> {
  const order = query.order ?? defaultLogOrder(query.sort)
  const [entries, total] = await Promise.all([
    logsSql.logPage(db.kysely, query, order),
    countLogs(db),
  ])
  return { entries, total, page: query.page, pageSize: query.pageSize }
}

// Counting 100,000 rows costs PostgreSQL tens of milliseconds, and the count changes only when
// something is written: every log entry is written inside a write transaction, which renews the
// data version, so the count is kept per data version (one cache per database).
const counts = new WeakMap<Db, { version: string; total: number }>()

async function countLogs(db: Db): Promise<number> {
  const version = await dataVersion(db)
  const cached = counts.get(db)
  if (version && cached?.version === version) return cached.total
  const total = await logsSql.countLogs(db.kysely)
  if (version) counts.set(db, { version, total })
  return total
}

export async function getLog(db: Db, id: number): Promise<LogEntry> {
  const entry = await logsSql.logEntry(db.kysely, id)
  if (!entry) throw notFound(logMessages.logEntryMissing)
  return entry
}
