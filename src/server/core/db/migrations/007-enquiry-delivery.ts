import type { Kysely } from 'kysely'

// Without a mail server an enquiry is only written to the outbox folder, and the committee must
// be told so rather than read "Sent". Rows from before this column stay null: they were read as
// sent by mail then, and nothing now says otherwise.
export function enquiryDelivery() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('enquiries').addColumn('deliveredTo', 'text').execute()
    },
  }
}
