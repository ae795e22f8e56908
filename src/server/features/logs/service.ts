import { defaultLogOrder } from '#shared/domain/log-sort'
import { logMessages } from '#shared/messages/logs'
import type { LogEntry, LogPage, LogQuery } from '#shared/schemas/logs'
import type { Selectable } from 'kysely'
import type { LogsTable } from '#server/core/db/schema'
import type { Db } from '#server/core/db/database'
import { keptPerDataVersion, type KeptPerDataVersion } from '#server/core/db/per-data-version'
import { notFound } from '#server/core/errors'
import { readSiteLimit, requireSitesInScope, type SiteScope } from '#server/core/site-scope'
import * as logsSql from '#server/features/logs/sql'

/** An entry as the log answers it: with the ids of the sites it names. */
const entryOf = ({ siteIds, ...row }: Selectable<LogsTable>): LogEntry => ({
  ...row,
  sites: readSiteLimit(siteIds) ?? [],
})

// Sorting and paging happen in SQL so that a log of 100,000 entries costs one page of rows.
// The id tiebreak makes the order total (equal time stamps, method names...), so pages never
// overlap or skip, and it matches the (column, id) indexes, which the engines walk in either
// direction instead of sorting. A scope of some sites (a limited account, or a site asked for)
// reads the entries naming them (decision 50).
export async function listLogs(db: Db, scope: SiteScope, query: LogQuery): Promise<LogPage> {
  const order = query.order ?? defaultLogOrder(query.sort)
  const [rows, total] = await Promise.all([
    logsSql.logPage(db.kysely, scope, query, order),
    countLogs(db, scope),
  ])
  return { entries: rows.map(entryOf), total, page: query.page, pageSize: query.pageSize }
}

// Counting 100,000 rows costs PostgreSQL tens of milliseconds, and the count changes only when
// something is written: every log entry is written inside a write transaction, which renews the
// data version, so the count is kept per data version (one cache per database), for each scope.
const counts = new WeakMap<Db, KeptPerDataVersion<number>>()

function countLogs(db: Db, scope: SiteScope): Promise<number> {
  let kept = counts.get(db)
  if (!kept) counts.set(db, (kept = keptPerDataVersion(db, COUNTS_KEPT)))
  return kept(scope.sites?.join(',') ?? '', () => logsSql.countLogs(db.kysely, scope))
}
/** A count for every site and for each site's scope of a council's hundred. */
const COUNTS_KEPT = 200

/** One entry: 404 when there is none, 403 when it names none of the scope's sites. */
export async function getLog(db: Db, scope: SiteScope, id: number): Promise<LogEntry> {
  const row = await logsSql.logEntry(db.kysely, id)
  if (!row) throw notFound(logMessages.logEntryMissing)
  const entry = entryOf(row)
  requireSitesInScope(scope, entry.sites)
  return entry
}
