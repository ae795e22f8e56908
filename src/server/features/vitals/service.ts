import { sql } from 'kysely'
import { VITALS_RETENTION_DAYS } from '#shared/domain/web-vitals'
import type { VitalRecord, VitalSummaryRow } from '#shared/schemas/web-vitals'
import type { Db } from '#server/core/db/database'

const DAY_MS = 24 * 60 * 60 * 1000
/** The table never holds much more than this many rows, however busy the site. */
export const MAX_VITAL_ROWS = 100_000
const PRUNE_EVERY_MS = 10 * 60 * 1000

const retentionStart = (now: Date) =>
  new Date(now.getTime() - VITALS_RETENTION_DAYS * DAY_MS).toISOString()

// One insert per report, outside the activity log: measurements are not changes to the
// association's records, and logging every beacon would bury the entries that matter.
export async function storeVitals(db: Db, records: VitalRecord[], now = new Date()) {
  const recordedAt = now.toISOString()
  await db.kysely
    .insertInto('web_vitals')
    .values(records.map((r) => ({ ...r, recordedAt })))
    .execute()
}

/** Deletes rows older than the retention window, then the oldest beyond maxRows. */
export async function pruneVitals(db: Db, now = new Date(), maxRows = MAX_VITAL_ROWS) {
  await db.kysely.deleteFrom('web_vitals').where('recordedAt', '<', retentionStart(now)).execute()
  const oldestKept = await db.kysely
    .selectFrom('web_vitals')
    .select('id')
    .orderBy('id', 'desc')
    .offset(maxRows - 1)
    .limit(1)
    .executeTakeFirst()
  if (oldestKept) await db.kysely.deleteFrom('web_vitals').where('id', '<', oldestKept.id).execute()
}

/** Prunes on the first report and then at most every ten minutes: cheap, and bounded enough. */
export function occasionalPruner(db: Db, everyMs = PRUNE_EVERY_MS) {
  let last = -Infinity
  return async (now = new Date()) => {
    if (now.getTime() - last < everyMs) return
    last = now.getTime()
    await pruneVitals(db, now)
  }
}

// Count and 75th percentile per metric and route, in SQL that SQLite and PostgreSQL both run.
// The percentile is the nearest rank, the ceil(0.75 n)-th smallest value, so it is always a
// measured value; ceil(3n / 4) is written floor((3n + 3) / 4) for integer division on both.
export async function summariseVitals(db: Db, now = new Date()): Promise<VitalSummaryRow[]> {
  const ranked = db.kysely
    .selectFrom('web_vitals')
    .where('recordedAt', '>=', retentionStart(now))
    .select((eb) => [
      'name',
      'route',
      'value',
      eb.fn
        .agg<number>('row_number')
        .over((ob) => ob.partitionBy(['name', 'route']).orderBy('value'))
        .as('rankInGroup'),
      eb.fn
        .countAll<number>()
        .over((ob) => ob.partitionBy(['name', 'route']))
        .as('groupSize'),
    ])
  const rows = await db.kysely
    .selectFrom(ranked.as('ranked'))
    .select(['name', 'route', 'groupSize as count', 'value as p75'])
    .where((eb) => eb('rankInGroup', '=', sql<number>`(3 * ${sql.ref('groupSize')} + 3) / 4`))
    .orderBy('name')
    .orderBy('route')
    .execute()
  return rows.map((r) => ({
    ...r,
    name: r.name as VitalSummaryRow['name'],
    count: Number(r.count),
  }))
}
