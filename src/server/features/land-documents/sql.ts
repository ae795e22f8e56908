import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The land timeline's documents; their bytes are the core's files, named by fileId.

/** Every document: an association has tens of them. */
export function documentRows(tx: ReadTx) {
  return tx
    .selectFrom('land_documents')
    .select(['id', 'name', 'sortOrder', 'dateDescription', 'fileId'])
    .execute()
}

export function documentRow(tx: ReadTx, id: number) {
  return tx.selectFrom('land_documents').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The last position taken in a date group, or -1 for a group with none yet. */
export async function lastPosition(tx: ReadTx, dateDescription: string): Promise<number> {
  const row = await tx
    .selectFrom('land_documents')
    .select((eb) => eb.fn.max('sortOrder').as('last'))
    .where('dateDescription', '=', dateDescription)
    .executeTakeFirst()
  return Number(row?.last ?? -1)
}

export async function insertDocument(
  tx: WriteTx,
  document: { name: string; fileId: number; dateDescription: string; sortOrder: number },
): Promise<number> {
  const row = await tx
    .insertInto('land_documents')
    .values(document)
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function renameDocument(
  tx: WriteTx,
  id: number,
  { name, dateDescription }: { name: string; dateDescription: string },
): Promise<void> {
  await tx
    .updateTable('land_documents')
    .set({ name, dateDescription })
    .where('id', '=', id)
    .execute()
}

export async function deleteDocument(tx: WriteTx, id: number): Promise<void> {
  await tx.deleteFrom('land_documents').where('id', '=', id).execute()
}

/** A date group's documents in their order, but `except`. */
export function groupRows(tx: ReadTx, dateDescription: string, except?: number) {
  let query = tx
    .selectFrom('land_documents')
    .select(['id', 'sortOrder'])
    .where('dateDescription', '=', dateDescription)
  if (except !== undefined) query = query.where('id', '!=', except)
  return query.orderBy('sortOrder').orderBy('id').execute()
}

export async function setPosition(tx: WriteTx, id: number, sortOrder: number): Promise<void> {
  await tx.updateTable('land_documents').set({ sortOrder }).where('id', '=', id).execute()
}
