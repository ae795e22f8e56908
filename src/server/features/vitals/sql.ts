import { sql } from 'kysely'
import type { VitalRecord, VitalSummaryRow } from '#shared/schemas/web-vitals'
import type { Db } from '#server/core/db/database'

// Measurements, written straight to the table outside any write transaction and the activity
// log: they are not changes to the association's records, so they neither log nor move the data
// version (which would empty every cached list on each beacon).

export async function insertVitals(db: Db, records: VitalRecord[], recordedAt: string) {
  await db.kysely
    .insertInto('web_vitals')
    .values(records.map((r) => ({ ...r, recordedAt })))
    .execute()
}

/** Deletes rows recorded before `start`, then the oldest beyond maxRows. */
export async function deleteVitals(db: Db, start: string, maxRows: number) {
  await db.kysely.deleteFrom('web_vitals').where('recordedAt', '<', start).execute()
  const oldestKept = await db.kysely
    .selectFrom('web_vitals')
    .select('id')
    .orderBy('id', 'desc')
    .offset(maxRows - 1)
    .limit(1)
    .executeTakeFirst()
  if (oldestKept) await db.kysely.deleteFrom('web_vitals').where('id', '<', oldestKept.id).execute()
}

// Count and 75th percentile per metric and route, in SQL that SQLite and PostgreSQL both run.
// The percentile is the nearest rank, the ceil(0.75 n)-th smallest value, so it is always a
// measured value; ceil(3n / 4) is written floor((3n + 3) / 4) for integer division on both.
export async function vitalsSummary(db: Db, start: string): Promise<VitalSummaryRow[]> {
  const ranked = db.kysely
    .selectFrom('web_vitals')
    .where('recordedAt', '>=', start)
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
