import { VITALS_RETENTION_DAYS } from '#shared/domain/web-vitals'
import type { VitalRecord, VitalSummaryRow } from '#shared/schemas/web-vitals'
import type { Db } from '#server/core/db/database'
import { deleteVitals, insertVitals, vitalsSummary } from '#server/features/vitals/sql'

const DAY_MS = 24 * 60 * 60 * 1000
/** The table never holds much more than this many rows, however busy the site. */
export const MAX_VITAL_ROWS = 100_000
const PRUNE_EVERY_MS = 10 * 60 * 1000

const retentionStart = (now: Date) =>
  new Date(now.getTime() - VITALS_RETENTION_DAYS * DAY_MS).toISOString()

// One insert per report, outside the activity log: measurements are not changes to the
// association's records, and logging every beacon would bury the entries that matter.
export function storeVitals(db: Db, records: VitalRecord[], now: Date) {
  return insertVitals(db, records, now.toISOString())
}

/** Deletes rows older than the retention window, then the oldest beyond maxRows. */
export function pruneVitals(db: Db, now: Date, maxRows = MAX_VITAL_ROWS) {
  return deleteVitals(db, retentionStart(now), maxRows)
}

/** Prunes on the first report and then at most every ten minutes: cheap, and bounded enough. */
export function occasionalPruner(db: Db, everyMs = PRUNE_EVERY_MS) {
  let last = -Infinity
  return async (now: Date) => {
    if (now.getTime() - last < everyMs) return
    last = now.getTime()
    await pruneVitals(db, now)
  }
}

/** Count and 75th percentile per metric and route over the retention window. */
export function summariseVitals(db: Db, now: Date): Promise<VitalSummaryRow[]> {
  return vitalsSummary(db, retentionStart(now))
}
