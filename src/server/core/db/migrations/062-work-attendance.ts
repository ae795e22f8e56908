import type { Kysely } from 'kysely'

// Issue 48, item 3 (decision 66): who came to a work party and for how long. One row per person
// and event, the latest record of them: its id is the one the organiser's phone made, so a record
// sent twice is found and kept once, and a later correction replaces the row. Hours are whole
// quarter hours. No foreign key to people: an erasure changes a person's id and moves their rows.
export function workAttendance() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('work_attendance')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('eventId', 'integer', (c) => c.notNull())
        .addColumn('personId', 'text', (c) => c.notNull())
        .addColumn('quarters', 'integer', (c) => c.notNull())
        .addColumn('recordedAt', 'text', (c) => c.notNull())
        .addColumn('recordedBy', 'text', (c) => c.notNull())
        .addColumn('receivedAt', 'text', (c) => c.notNull())
        .addUniqueConstraint('work_attendance_event_person', ['eventId', 'personId'])
        .execute()
      await db.schema
        .createIndex('work_attendance_person')
        .on('work_attendance')
        .column('personId')
        .execute()
    },
  }
}
