import {
  joinDateDescription,
  landUploadFieldsSchema,
  looksLikePdf,
  splitDateDescription,
  type LandDocumentChange,
  type LandDocumentDetail,
  type LandGroup,
} from '#shared/schemas/land-documents'
import { landMessages } from '#shared/messages/land'
import type { Db } from '#server/core/db/database'
import { deleteFile, fileSizes, insertFile, readFile } from '#server/core/db/files'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { AppError, badRequest, notFound } from '#server/core/errors'
import type { Upload } from '#server/core/http/read-upload'
import type { Viewer } from '#server/core/viewer'
import { loggedChange, type LoggedChange } from '#server/core/logged-change'
import * as documentsSql from '#server/features/land-documents/sql'

const COLLECTION = 'land_documents'

// Small: an association has tens of documents. Groups are ordered here rather than in SQL so
// that both engines agree whatever their text collation.
export async function listLandGroups(db: Db): Promise<LandGroup[]> {
  const rows = await documentsSql.documentRows(db.kysely)
  const sizes = await fileSizes(
    db.kysely,
    rows.map((row) => row.fileId),
  )
  const groups = new Map<string, LandGroup>()
  for (const { dateDescription, fileId, ...fields } of rows) {
    const document = { ...fields, size: sizes.get(fileId) ?? 0 }
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
  const document = await documentsSql.documentRow(db.kysely, id)
  const file = document && (await readFile(db.kysely, document.fileId))
  if (!file) throw notFound(landMessages.documentMissing)
  return file
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
      const sortOrder = (await documentsSql.lastPosition(tx, dateDescription)) + 1
      const id = await documentsSql.insertDocument(tx, { name, fileId, dateDescription, sortOrder })
      // The id exists only now; loggedChange writes the entry after this work, from `change`.
      change.docId = String(id)
      return detail(tx, id)
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
      await documentsSql.renameDocument(tx, id, {
        name: update.name ?? current.name,
        dateDescription,
      })
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
      await documentsSql.deleteDocument(tx, id)
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
  const row = await documentsSql.documentRow(tx, id)
  if (!row) throw notFound(landMessages.documentMissing)
  return row
}

async function detail(tx: ReadTx, id: number): Promise<LandDocumentDetail> {
  const { name, sortOrder, dateDescription, fileId } = (await documentsSql.documentRow(tx, id))!
  const size = (await fileSizes(tx, [fileId])).get(fileId) ?? 0
  return { id, name, sortOrder, dateDescription, size, ...splitDateDescription(dateDescription) }
}

const siblings = documentsSql.groupRows

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
    await documentsSql.setPosition(tx, id, sortOrder)
  }
}
