import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// The tables of spec section 3, plus tenancy (one row per plot and tenant) and enquiries.
export function coreTables({ idColumn, blobType }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('people')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('firstName', 'text', (c) => c.notNull())
        .addColumn('lastName', 'text', (c) => c.notNull())
        .addColumn('dateJoined', 'text', (c) => c.notNull())
        .addColumn('joinedWaitingList', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phoneNumber', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('altEmail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('isPlotHolder', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('onWaitingList', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()
      await db.schema
        .createIndex('people_waiting_list')
        .on('people')
        .columns(['onWaitingList', 'joinedWaitingList'])
        .execute()

      await db.schema
        .createTable('plots')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('area', 'integer', (c) => c.notNull())
        .addColumn('distance', 'integer', (c) => c.notNull())
        .addColumn('gradient', 'text', (c) => c.notNull())
        .addColumn('fee', 'integer', (c) => c.notNull())
        .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('showOnGrid', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('isNew', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('isFailed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute()

      await db.schema
        .createTable('tenancy')
        .addColumn('plotId', 'text', (c) => c.notNull().references('plots.id').onDelete('cascade'))
        .addColumn('personId', 'text', (c) =>
          c.notNull().references('people.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('tenancy_pk', ['plotId', 'personId'])
        .execute()
      await db.schema.createIndex('tenancy_person').on('tenancy').column('personId').execute()

      await idColumn(db.schema.createTable('logs'))
        .addColumn('timeStamp', 'text', (c) => c.notNull())
        .addColumn('userName', 'text', (c) => c.notNull())
        .addColumn('methodName', 'text', (c) => c.notNull())
        .addColumn('eventCollection', 'text', (c) => c.notNull())
        .addColumn('docId', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull().defaultTo('null'))
        .execute()
      for (const column of ['timeStamp', 'methodName', 'userName', 'error']) {
        await db.schema.createIndex(`logs_${column}`).on('logs').columns([column, 'id']).execute()
      }

      await idColumn(db.schema.createTable('files'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('contentType', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('data', blobType, (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()

      await idColumn(db.schema.createTable('land_documents'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('fileId', 'integer', (c) => c.notNull().references('files.id'))
        .addColumn('dateDescription', 'text', (c) => c.notNull())
        .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()

      await idColumn(db.schema.createTable('enquiries'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('enquiry', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('sentAt', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lastError', 'text')
        .execute()
      await db.schema.createIndex('enquiries_unsent').on('enquiries').column('sentAt').execute()

      await db.schema
        .createTable('app_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute()
    },
  }
}
