import { MM, newPdf, pdfBytes } from '#server/core/pdf'

/**
 * The demo's land documents: a title and lines of text on one A4 page, made with the app's PDF
 * library. The standard Helvetica is enough for the demo's own words, and unlike an embedded font
 * (whose subset pdfkit names at random) it keeps the same seed's bytes the same.
 */
export function documentPdf(title: string, lines: string[], created: Date): Uint8Array {
  const doc = newPdf({ title, producer: 'Allotment demo data', margin: 25 * MM, created })
  doc.addPage()
  doc.font('Helvetica-Bold').fontSize(16).text(title)
  doc.moveDown().font('Helvetica').fontSize(11)
  for (const line of lines) doc.text(line || ' ')
  return new Uint8Array(pdfBytes(doc))
}
