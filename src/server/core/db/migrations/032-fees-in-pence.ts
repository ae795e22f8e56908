import { sql, type Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 43: a plot's fee in pounds and pence (a half plot's £32.50), a rate with its fraction of a
// penny (£0.2569 a m²), areas in rods, and full, half and quarter plots. The fee was whole pounds
// in `fee`; it becomes pence in `feePence`, every stored fee multiplied by 100, so each reads as it
// did. A plot's size band is new, none for every plot. The rent settings' rate per square metre,
// whole pence, becomes a rate per unit in hundredths of a penny, the unit square metres as before.
export function feesInPence(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('plots').renameColumn('fee', 'feePence').execute()
      await sql`update plots set ${sql.ref('feePence')} = ${sql.ref('feePence')} * 100`.execute(db)
      await db.schema.alterTable('plots').addColumn('sizeBand', 'text').execute()
      const { rows } = await sql<{
        value: string
      }>`select value from app_settings where key = 'rent'`.execute(db)
      if (!rows[0]) return
      const { ratePerSquareMetre = 0, ...settings } = JSON.parse(rows[0].value) as {
        ratePerSquareMetre?: number
      }
      const value = JSON.stringify({
        ...settings,
        areaUnit: 'squareMetre',
        areaRate: ratePerSquareMetre * 100,
        bandFees: { full: 0, half: 0, quarter: 0 },
      })
      await sql`update app_settings set value = ${value} where key = 'rent'`.execute(db)
    },
  }
}
