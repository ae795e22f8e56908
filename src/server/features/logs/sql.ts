import type { LogQuery } from '#shared/schemas/logs'
import { sql } from 'kysely'
import type { Ageing } from '#server/core/db/age-out'
import { scrubText } from '#server/core/db/scrub'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { Erasure } from '#server/core/hooks'

// The activity log, read (the core writes it, with every change).

/** One page in the order asked for; the id breaks ties, so that pages never overlap or skip. */
export function logPage(tx: ReadTx, query: LogQuery, order: 'asc' | 'desc') {
  return tx
    .selectFrom('logs')
    .selectAll()
    .orderBy(query.sort, order)
    .orderBy('id', order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute()
}

export async function countLogs(tx: ReadTx): Promise<number> {
  const row = await tx
    .selectFrom('logs')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

export function logEntry(tx: ReadTx, id: number) {
  return tx.selectFrom('logs').selectAll().where('id', '=', id).executeTakeFirst()
}

export interface EntriesAbout {
  eventCollection: string
  /** The record's id, or its ids (an account is named by its id, and by its user name). */
  docId: string | readonly string[]
  /** Only entries of these kinds (all when absent). */
  methodNames?: readonly string[]
  /** Only changes made, not those refused. */
  madeOnly?: boolean
  /** The latest so many (all when absent). */
  limit?: number
}

/** The log's entries about one record, newest first. */
export function entriesAbout(tx: ReadTx, about: EntriesAbout) {
  let query = tx
    .selectFrom('logs')
    .select(['timeStamp', 'userName', 'methodName', 'value', 'error'])
    .where('eventCollection', '=', about.eventCollection)
    .where('docId', 'in', typeof about.docId === 'string' ? [about.docId] : about.docId)
  if (about.methodNames) query = query.where('methodName', 'in', about.methodNames)
  if (about.madeOnly) query = query.where('error', '=', 'null')
  if (about.limit !== undefined) query = query.limit(about.limit)
  return query.orderBy('id', 'desc').execute()
}

/**
 * A person's erasure, in the log: the entries about their record move to the marker's id with
 * their details replaced; their id and what identifies them are replaced in every other entry,
 * and so is the user name their account had, where it names who did something.
 */
export async function eraseFromLog(tx: WriteTx, erasure: Erasure, formerUserName?: string | null) {
  await tx
    .updateTable('logs')
    .set({ docId: erasure.newId })
    .where('eventCollection', '=', 'people')
    .where('docId', '=', erasure.id)
    .execute()
  const about = { column: 'docId' as const, in: [erasure.newId] }
  await scrubText(tx, 'logs', ['value', 'error'], erasure.details, erasure.marker, about)
  const quoted = (text: string) => JSON.stringify(text)
  await scrubText(tx, 'logs', ['value'], erasure.names.map(quoted), quoted(erasure.marker), about)
  await scrubText(tx, 'logs', ['value', 'error'], erasure.identifying, erasure.marker)
  // The id as a value in JSON: quoted, so that "ann" is not replaced inside "annual".
  await scrubText(tx, 'logs', ['value'], [`"${erasure.id}"`], `"${erasure.newId}"`)
  if (formerUserName) {
    await tx
      .updateTable('logs')
      .set({ userName: erasure.newId })
      .where('userName', '=', formerUserName)
      .execute()
    // Sign-ins and other security events name the account by its user name.
    await tx
      .updateTable('logs')
      .set({ docId: erasure.newId })
      .where('eventCollection', '=', 'users')
      .where('docId', '=', formerUserName)
      .execute()
    await scrubText(tx, 'logs', ['value'], [`"${formerUserName}"`], `"${erasure.newId}"`)
  }
}

/** Entries go when they pass the privacy settings' period, dated by when they were written. */
export const logAgeing: Ageing<'logs'> = { table: 'logs', datedBy: 'timeStamp' }

/**
 * When each record of `collection` was last changed: its newest entry that is a change made,
 * not a refused attempt nor one of the `reads` (a download of a person's data changes nothing).
 */
export async function lastChanges(
  tx: ReadTx,
  collection: string,
  reads: readonly string[],
): Promise<Map<string, string>> {
  const rows = await tx
    .selectFrom('logs')
    .select(['docId', sql<string>`max(${sql.ref('timeStamp')})`.as('last')])
    .where('eventCollection', '=', collection)
    .where('methodName', 'not in', reads)
    .where('error', '=', 'null')
    .groupBy('docId')
    .execute()
  return new Map(rows.map((row) => [row.docId, row.last]))
}
