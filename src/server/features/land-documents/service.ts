import {
  joinDateDescription,
  landMessages,
  landUploadFieldsSchema,
  looksLikePdf,
  splitDateDescription,
  type LandDocumentChange,
  type LandDocumentDetail,
  type LandGroup,
} from '#shared/schemas/land-documents'
import type { Db } from '#server/core/db/database'
import { deleteFile, fileBytes, insertFile } from '#server/core/db/files'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { AppError, badRequest, notFound } from '#server/core/errors'
import type { Upload } from '#server/core/http/read-upload'
import type { Viewer } from '#server/core/viewer'
import { loggedChange, type LoggedChange } from '#server/core/logged-change'

const COLLECTION = 'land_documents'

// Small: an association has tens of documents. Groups are ordered here rather than in SQL so
// that both engines agree whatever their text collation.
export async function listLandGroups(db: Db): Promise<LandGroup[]> {
  const rows = await db.kysely
    .selectFrom('land_documents as d')
    .innerJoin('files as f', 'f.id', 'd.fileId')
    .select(['d.id', 'd.name', 'd.sortOrder', 'd.dateDescription', 'f.size'])
    .execute()
  const groups = new Map<string, LandGroup>()
  for (const { dateDescription, ...document } of rows) {
    let group = groups.get(dateDescription)
    if (!group) {
      group = { dateDescription, ...splitDateDescription(dateDescription), documents: [] }
      groups.set(dateDescription, group)
    }
    group.documents.push(document)
  }
  const list = [...groups.values()].sort(
    (a, b) => compareText(a.date, b.date) || compareText(a.description, b.description),
  )
  for (const group of list) {
    group.documents.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
  }
  return list
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

export async function readLandFile(db: Db, id: number) {
  const file = await db.kysely
    .selectFrom('land_documents as d')
    .innerJoin('files as f', 'f.id', 'd.fileId')
    .select(['f.data', 'f.contentType'])
    .where('d.id', '=', id)
    .executeTakeFirst()
  if (!file) throw notFound(landMessages.documentMissing)
  return { data: fileBytes(file.data), contentType: file.contentType }
}

// Every refusal happens inside the logged change, so the log shows refused uploads too.
export function uploadLandDocument(db: Db, viewer: Viewer, upload: Upload) {
  const change = logged('uploadLandDocument', '', viewer)
  const attempted = {
    ...upload.fields,
    fileName: upload.file?.fileName,
    size: upload.file?.bytes.length,
  }
  return loggedChange(
    db,
    change,
    async (tx) => {
      if (upload.tooLarge) throw new AppError(413, landMessages.fileTooLarge)
      if (!upload.file || upload.file.bytes.length === 0) throw badRequest(landMessages.noFile)
      if (!looksLikePdf(upload.file.bytes)) throw new AppError(415, landMessages.notPdf)
      const parsed = landUploadFieldsSchema.safeParse(upload.fields)
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? landMessages.noFile)
      const { date, description, name } = parsed.data
      const dateDescription = joinDateDescription(date, description)
      const { bytes, fileName } = upload.file
      const fileId = await insertFile(tx, {
        name: fileName,
        contentType: 'application/pdf',
        bytes,
      })
      const last = await tx
        .selectFrom('land_documents')
        .select((eb) => eb.fn.max('sortOrder').as('last'))
        .where('dateDescription', '=', dateDescription)
        .executeTakeFirst()
      const document = await tx
        .insertInto('land_documents')
        .values({ name, fileId, dateDescription, sortOrder: Number(last?.last ?? -1) + 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
      // The id exists only now; loggedChange writes the entry after this work, from `change`.
      change.docId = String(document.id)
      return detail(tx, document.id)
    },
    attempted,
  )
}

// Renames, moves to another group (date and description) and/or to a position in its group.
export function updateLandDocument(db: Db, viewer: Viewer, id: number, update: LandDocumentChange) {
  return loggedChange(
    db,
    logged('updateLandDocument', String(id), viewer),
    async (tx) => {
      const current = await documentRow(tx, id)
      const group = splitDateDescription(current.dateDescription)
      const dateDescription = joinDateDescription(
        update.date ?? group.date,
        update.description ?? group.description,
      )
      await tx
        .updateTable('land_documents')
        .set({ name: update.name ?? current.name, dateDescription })
        .where('id', '=', id)
        .execute()
      const moved = dateDescription !== current.dateDescription
      if (moved) await renumber(tx, current.dateDescription)
      if (moved || update.sortOrder !== undefined) {
        await placeInGroup(tx, dateDescription, id, update.sortOrder)
      }
      return detail(tx, id)
    },
    { id, ...update },
  )
}

export function deleteLandDocument(db: Db, viewer: Viewer, id: number) {
  return loggedChange(
    db,
    logged('deleteLandDocument', String(id), viewer),
    async (tx) => {
      const current = await documentRow(tx, id)
      await tx.deleteFrom('land_documents').where('id', '=', id).execute()
      await deleteFile(tx, current.fileId)
      await renumber(tx, current.dateDescription)
      return { id, name: current.name, dateDescription: current.dateDescription }
    },
    { id },
  )
}

function logged(methodName: string, docId: string, viewer: Viewer): LoggedChange {
  // Documents are ordered within their date group, and an upload or rename renumbers a group:
  // changes to the timeline take turns (they are rare).
  return {
    methodName,
    eventCollection: COLLECTION,
    docId,
    userName: viewer.userName,
    alsoLocks: [COLLECTION],
  }
}

async function documentRow(tx: ReadTx, id: number) {
  const row = await tx
    .selectFrom('land_documents')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) throw notFound(landMessages.documentMissing)
  return row
}

async function detail(tx: ReadTx, id: number): Promise<LandDocumentDetail> {
  const row = await tx
    .selectFrom('land_documents as d')
    .innerJoin('files as f', 'f.id', 'd.fileId')
    .select(['d.id', 'd.name', 'd.sortOrder', 'd.dateDescription', 'f.size'])
    .where('d.id', '=', id)
    .executeTakeFirstOrThrow()
  return { ...row, ...splitDateDescription(row.dateDescription) }
}

async function siblings(tx: ReadTx, dateDescription: string, except?: number) {
  let query = tx
    .selectFrom('land_documents')
    .select(['id', 'sortOrder'])
    .where('dateDescription', '=', dateDescription)
  if (except !== undefined) query = query.where('id', '!=', except)
  return query.orderBy('sortOrder').orderBy('id').execute()
}

// Positions in a group stay 0, 1, 2... so that "move to position n" means what it says.
async function renumber(tx: WriteTx, dateDescription: string) {
  const rows = await siblings(tx, dateDescription)
  await writeOrder(
    tx,
    rows.map((row) => row.id),
    rows,
  )
}

async function placeInGroup(tx: WriteTx, dateDescription: string, id: number, position?: number) {
  const others = await siblings(tx, dateDescription, id)
  const ids = others.map((row) => row.id)
  ids.splice(Math.min(position ?? ids.length, ids.length), 0, id)
  await writeOrder(tx, ids, others)
}

async function writeOrder(tx: WriteTx, ids: number[], known: { id: number; sortOrder: number }[]) {
  const current = new Map(known.map((row) => [row.id, row.sortOrder]))
  for (const [sortOrder, id] of ids.entries()) {
    if (current.get(id) === sortOrder) continue
    await tx.updateTable('land_documents').set({ sortOrder }).where('id', '=', id).execute()
  }
}
