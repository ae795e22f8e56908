import type { LogQuery } from '#shared/schemas/logs'
import type { ReadTx } from '#server/core/db/write-transaction'

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

/** The latest successful entries of the given kinds about one record, newest first. */
export function entriesAbout(
  tx: ReadTx,
  about: { eventCollection: string; docId: string; methodNames: readonly string[] },
  limit: number,
) {
  return tx
    .selectFrom('logs')
    .select(['timeStamp', 'userName', 'methodName', 'value'])
    .where('methodName', 'in', about.methodNames)
    .where('eventCollection', '=', about.eventCollection)
    .where('docId', '=', about.docId)
    .where('error', '=', 'null')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}
