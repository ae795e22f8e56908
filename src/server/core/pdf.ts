import fs from 'node:fs'
import { createRequire } from 'node:module'
import * as fontkit from 'fontkit'
import PDFDocument from 'pdfkit'
import type { AssociationDetails } from '#server/core/db/association-settings'

// Every PDF the app writes (letters, the demo's land documents) comes from pdfkit, in DejaVu Sans:
// the PDF standard fonts only know Western European letters, and members are called Łukasz,
// Zoë, Αλεξάνδρα and Дмитрий. pdfkit embeds only the letters a document uses.

const fontFile = (name: string) =>
  createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`)

// Parsing a font is most of the cost of a small document (about 50 of an invoice's 60 ms, and
// most of its garbage), and pdfkit would parse it afresh for each one: the two are parsed once,
// on first use, and shared. pdfkit takes a parsed font as it is; each document still embeds only
// the letters it uses.
let parsed: { regular: fontkit.Font; bold: fontkit.Font } | undefined
const parse = (name: string) => fontkit.create(fs.readFileSync(fontFile(name))) as fontkit.Font
const fonts = () =>
  (parsed ??= { regular: parse('DejaVuSans.ttf'), bold: parse('DejaVuSans-Bold.ttf') })

export const MM = 72 / 25.4

/** An A4 document with the fonts 'regular' and 'bold', pages added by the caller. */
export function newPdf(options: {
  title: string
  producer: string
  margin: number
  /** The date the document says it was made: now, unless given. */
  created?: Date
}) {
  const doc = new PDFDocument({
    size: 'A4',
    autoFirstPage: false,
    margin: options.margin,
    info: {
      Title: options.title,
      Producer: options.producer,
      CreationDate: options.created ?? new Date(),
    },
  })
  // @types/pdfkit does not list a parsed font among the sources pdfkit accepts.
  doc.registerFont('regular', fonts().regular as unknown as Buffer)
  doc.registerFont('bold', fonts().bold as unknown as Buffer)
  return doc
}

/** A finished small document's bytes: pdfkit has written them all by the time `end` returns. */
export function pdfBytes(doc: PDFKit.PDFDocument): Buffer {
  doc.end()
  const bytes = doc.read() as Buffer | null
  if (!bytes) throw new Error('pdfkit wrote nothing')
  return bytes
}

// A letter's page: 20 mm margins, and the name and address where a DL or C5 window envelope
// shows them (20 mm from the left, 50 mm from the top, 90 × 40 mm: the common UK left window).
export const LEFT = 20 * MM
export const WIDTH = 170 * MM
export const WINDOW = { top: 50 * MM, width: 90 * MM, height: 40 * MM }

/** The association's name, charity number and address at the top, the addressee in the window. */
export function letterhead(
  doc: PDFKit.PDFDocument,
  association: AssociationDetails,
  recipient: string,
) {
  doc
    .font('bold')
    .fontSize(15)
    .text(association.name, LEFT, 15 * MM, { width: 115 * MM })
  if (association.charityNumber)
    doc.font('regular').fontSize(9).text(`Registered charity ${association.charityNumber}`, LEFT)
  if (association.contactAddress)
    doc
      .font('regular')
      .fontSize(9)
      .text(association.contactAddress, 140 * MM, 15 * MM, { width: 50 * MM, align: 'right' })
  doc.font('regular').fontSize(11).text(recipient, LEFT, WINDOW.top, {
    width: WINDOW.width,
    height: WINDOW.height,
    ellipsis: true,
  })
}
