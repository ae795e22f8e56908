import type { Kysely } from 'kysely'
import type { MigrationContext } from '#server/core/db/migrations/index'

// Letters and e-mails to members (issue 15). A message to a group is a batch; each person's copy
// is a row with its merge fields filled in, its way (e-mail or post) and what became of it, so a
// person's page can list exactly what they were sent. Copies keep the person's nickname without
// a foreign key: the record of what was sent outlives the person's record.
export function messages({ idColumn }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('people')
        .addColumn('contactBy', 'text', (c) => c.notNull().defaultTo('email'))
        .execute()
      await idColumn(db.schema.createTable('message_batches'))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('createdBy', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await idColumn(db.schema.createTable('messages'))
        .addColumn('batchId', 'integer', (c) => c.notNull().references('message_batches.id'))
        .addColumn('personId', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lastError', 'text')
        .addColumn('sentAt', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('messages_batch')
        .on('messages')
        .columns(['batchId', 'id'])
        .execute()
      await db.schema
        .createIndex('messages_person')
        .on('messages')
        .columns(['personId', 'id'])
        .execute()
    },
  }
}
