import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Issue 46: many sites in one installation. The installation as it was becomes its first site,
// named from the association's saved name (else the environment's), and every plot is on it. A
// plot keeps its id, which every other record names it by; its name, unique within its site,
// starts as that id. A later site's plot "1" gets another id (decision 43).
export function sites({ idColumn, firstSiteName }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db.schema.createTable('sites'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        /** The facilities it has, comma-separated: water, toilets, parking, stepFree. */
        .addColumn('facilities', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('retiredOn', 'text')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      const typed = db as Kysely<{
        sites: { name: string }
        app_settings: { key: string; value: string }
        plots: { id: string; name: string }
      }>
      const saved = await typed
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', 'association')
        .executeTakeFirst()
      const savedName = saved ? firstSiteNameIn(saved.value) : ''
      await typed
        .insertInto('sites')
        .values({ name: savedName || firstSiteName })
        .execute()
      await db.schema
        .alterTable('plots')
        .addColumn('siteId', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      await db.schema
        .alterTable('plots')
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await typed
        .updateTable('plots')
        .set((eb) => ({ name: eb.ref('id') }))
        .execute()
      await db.schema
        .createIndex('plots_site_name')
        .unique()
        .on('plots')
        .columns(['siteId', 'name'])
        .execute()
    },
  }
}

/** What the installation's first site is called when nothing else names it. */
export const DEFAULT_SITE_NAME = 'Our allotments'

/** The association's saved name, from its settings' JSON; '' when none was saved. */
export function firstSiteNameIn(json: string): string {
  try {
    const value: unknown = JSON.parse(json)
    const name = (value as { name?: unknown } | null)?.name
    return typeof name === 'string' ? name.trim() : ''
  } catch {
    return ''
  }
}
