import type { Kysely } from 'kysely'

// Issue 42: an erasure finds the e-mails whose attachment was made from a record it scrubbed (an
// inspection's findings, quoting the person, sent to a co-tenant), to write them again in the
// outbox; found by the attachment, not by reading every copy ever sent.
export function messageAttachments() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('messages_attachment')
        .on('messages')
        .column('attachment')
        .execute()
    },
  }
}
