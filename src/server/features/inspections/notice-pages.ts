import { inspectionMessages } from '#shared/messages/inspections'
import type { Db } from '#server/core/db/database'
import { associationDetails } from '#server/core/db/association-settings'
import type { Config } from '#server/core/config'
import { LEFT, MM, newPdf, pdfBytes, WIDTH } from '#server/core/pdf'
import { nameOfPlot } from '#server/features/plots/sql'
import * as noticesRepo from '#server/features/inspections/notices-sql'
import * as inspectionsRepo from '#server/features/inspections/sql'

// What a notice shows of the inspection behind it: the grade, the notes and the photos (kept as
// JPEG, which pdfkit draws as they are). Written after the letter in the printed letters' PDF,
// and as a PDF of its own with the e-mail.

const MARGIN = 20 * MM
/** Two photos to a page, each fitted to the width and to a little under half the page. */
const PHOTO_BOX: [number, number] = [WIDTH, 100 * MM]

/** The notice's inspection and its round: what its pages show, read once. */
async function findingsOf(db: Db, noticeId: string) {
  const notice = await noticesRepo.findNotice(db.kysely, Number(noticeId))
  // A notice for rent follows no inspection: it has no findings (and its copies no attachment).
  const record = notice?.inspectionId
    ? await inspectionsRepo.findInspection(db.kysely, notice.inspectionId)
    : undefined
  const round = record && (await inspectionsRepo.findRound(db.kysely, record.roundId))
  // The plot by its name, as the letter names it (another site's "1" is keyed "1-2").
  const plotName = record && (await nameOfPlot(db.kysely, record.plotId))
  return record && round && { record, round, plotName: plotName ?? record.plotId }
}

type Findings = NonNullable<Awaited<ReturnType<typeof findingsOf>>>

async function writePages(db: Db, doc: PDFKit.PDFDocument, { record, round, plotName }: Findings) {
  doc.addPage()
  doc
    .font('bold')
    .fontSize(13)
    .text(inspectionMessages.findingsHeading(plotName, round.date), LEFT, MARGIN, {
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
    const file = await inspectionsRepo.photoFile(db.kysely, photo.id)
    if (!file) continue
    if (top + PHOTO_BOX[1] > doc.page.height - MARGIN) {
      doc.addPage()
      top = MARGIN
    }
    doc.image(file.data, LEFT, top, { fit: PHOTO_BOX, align: 'center' })
    top += PHOTO_BOX[1] + 6 * MM
  }
}

/** The findings' pages after a printed notice. */
export async function writeFindings(db: Db, doc: PDFKit.PDFDocument, noticeId: string) {
  const findings = await findingsOf(db, noticeId)
  if (findings) await writePages(db, doc, findings)
}

/** The findings as a PDF of their own, attached to the notice's e-mails. */
export async function findingsPdf(db: Db, config: Config, noticeId: string) {
  const findings = await findingsOf(db, noticeId)
  const fileName = inspectionMessages.findingsFile(findings?.plotName ?? '')
  const association = await associationDetails(db.kysely, config)
  const doc = newPdf({ title: fileName, producer: association.name, margin: MARGIN })
  if (findings) await writePages(db, doc, findings)
  return { filename: fileName, content: pdfBytes(doc), contentType: 'application/pdf' }
}
