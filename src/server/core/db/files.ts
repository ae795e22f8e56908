import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The files table holds uploaded bytes (land PDFs, the association's logo and photo), so that a
// backup, a restore and every instance sharing the database have them; the records that show a
// file keep its id.

export interface NewFile {
  name: string
  contentType: string
  bytes: Buffer
}

/** Stores the bytes and answers the new file's id. */
export async function insertFile(
  tx: WriteTx,
  { name, contentType, bytes }: NewFile,
): Promise<number> {
  const file = await tx
    .insertInto('files')
    .values({
      name: name.slice(0, 200),
      contentType,
      size: bytes.length,
      data: bytes,
      createdAt: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return file.id
}

export async function deleteFile(tx: WriteTx, id: number): Promise<void> {
  await tx.deleteFrom('files').where('id', '=', id).execute()
}

/** Both drivers hand back a Buffer already; anything else is wrapped without a copy. */
export const fileBytes = (data: Uint8Array): Buffer =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength)

export async function readFile(tx: ReadTx, id: number) {
  const file = await tx
    .selectFrom('files')
    .select(['data', 'contentType'])
    .where('id', '=', id)
    .executeTakeFirst()
  return file && { data: fileBytes(file.data), contentType: file.contentType }
}

/** The sizes of the files named, by id: what a list shows without reading the bytes. */
export async function fileSizes(tx: ReadTx, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await tx.selectFrom('files').select(['id', 'size']).where('id', 'in', ids).execute()
  return new Map(rows.map((row) => [row.id, row.size]))
}
