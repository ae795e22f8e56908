import { inspectionMessages } from '#shared/messages/inspections'
import type { Db } from '#server/core/db/database'
import { associationDetails } from '#server/core/db/association-settings'
import type { Config } from '#server/core/config'
import { readFile } from '#server/core/db/files'
import { LEFT, MM, newPdf, pdfBytes, WIDTH } from '#server/core/pdf'
import * as noticesRepo from '#server/features/inspections/notices-sql'
import * as inspectionsRepo from '#server/features/inspections/sql'

// What a notice shows of the inspection behind it: the grade, the notes and the photos (kept as
// JPEG, which pdfkit draws as they are). Written
// after the letter in the printed letters' PDF, and as a PDF of its own with the e-mail.

const MARGIN = 20 * MM
/** Two photos to a page, each fitted to the width and to a little under half the page. */
const PHOTO_BOX: [number, number] = [WIDTH, 100 * MM]

export async function writeFindings(db: Db, doc: PDFKit.PDFDocument, noticeId: string) {
  const notice = await noticesRepo.findNotice(db.kysely, Number(noticeId))
  const record = notice && (await inspectionsRepo.findInspection(db.kysely, notice.inspectionId))
  const round = record && (await inspectionsRepo.findRound(db.kysely, record.roundId))
  if (!notice || !record || !round) return
  doc.addPage()
  doc
    .font('bold')
    .fontSize(13)
    .text(inspectionMessages.findingsHeading(record.plotId, round.date), LEFT, MARGIN, {
      width: WIDTH,
    })
  doc
    .moveDown(0.5)
    .font('regular')
    .fontSize(11)
    .text(inspectionMessages.findingsGrade(record.grade, record.cultivated), { width: WIDTH })
  doc.moveDown(0.5).text(record.notes || inspectionMessages.noFindings, { width: WIDTH })
  let top = doc.y + 6 * MM
  for (const photo of record.photos) {
    const fileId = await inspectionsRepo.photoFileId(db.kysely, photo.id)
    const file = fileId === undefined ? undefined : await readFile(db.kysely, fileId)
    if (!file) continue
    if (top + PHOTO_BOX[1] > doc.page.height - MARGIN) {
      doc.addPage()
      top = MARGIN
    }
    doc.image(file.data, LEFT, top, { fit: PHOTO_BOX, align: 'center' })
    top += PHOTO_BOX[1] + 6 * MM
  }
}

/** The findings as a PDF of their own, attached to the notice's e-mails. */
export async function findingsPdf(db: Db, config: Config, noticeId: string) {
  const association = await associationDetails(db.kysely, config)
  const notice = await noticesRepo.findNotice(db.kysely, Number(noticeId))
  const doc = newPdf({
    title: inspectionMessages.findingsFile(notice?.plotId ?? ''),
    producer: association.name,
    margin: MARGIN,
  })
  await writeFindings(db, doc, noticeId)
  return {
    filename: inspectionMessages.findingsFile(notice?.plotId ?? ''),
    content: pdfBytes(doc),
    contentType: 'application/pdf',
  }
}
