import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'

// Every PDF the app writes (letters, the demo's land documents) comes from pdfkit, in DejaVu Sans:
// the PDF standard fonts only know Western European letters, and members are called Łukasz,
// Zoë, Αλεξάνδρα and Дмитрий. pdfkit embeds only the letters a document uses.

const fontFile = (name: string) =>
  createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`)
const REGULAR = fontFile('DejaVuSans.ttf')
const BOLD = fontFile('DejaVuSans-Bold.ttf')

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
  doc.registerFont('regular', REGULAR)
  doc.registerFont('bold', BOLD)
  return doc
}

/** A finished small document's bytes: pdfkit has written them all by the time `end` returns. */
export function pdfBytes(doc: PDFKit.PDFDocument): Buffer {
  doc.end()
  const bytes = doc.read() as Buffer | null
  if (!bytes) throw new Error('pdfkit wrote nothing')
  return bytes
}
