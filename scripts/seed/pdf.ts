// A one-page PDF written by hand, so the demo's land documents need no PDF library. Every byte
// is below 256 and written as one character, so string lengths are byte offsets for the xref.

const PAGE_WIDTH = 595 // A4 in points
const PAGE_HEIGHT = 842
const MARGIN = 72
const LEADING = 15
const WRAP_AT = 80 // characters of 11 pt Helvetica that fit between the margins
const MAX_LINES = Math.floor((PAGE_HEIGHT - 2 * MARGIN - 40) / LEADING)

export function minimalPdf(title: string, lines: string[]): Uint8Array {
  const body = lines.flatMap((line) => wrap(clean(line))).slice(0, MAX_LINES)
  const content = [
    'BT',
    `/F2 16 Tf ${MARGIN} ${PAGE_HEIGHT - MARGIN} Td (${escape(clean(title))}) Tj`,
    `/F1 11 Tf ${LEADING} TL 0 -30 Td`,
    ...body.map((line) => `(${escape(line)}) Tj T*`),
    'ET',
  ].join('\n')

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title (${escape(clean(title))}) /Producer (Allotment demo data) >>`,
  ]

  // The comment of four high bytes tells transfer tools that the file is binary.
  let text = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(text.length)
    text += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = text.length
  // Each xref entry is exactly 20 bytes: 10-digit offset, 5-digit generation, flag, space, LF.
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  text += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\n`
  text += `startxref\n${xref}\n%%EOF`
  return Uint8Array.from(text, (char) => char.charCodeAt(0))
}

// WinAnsi covers printable ASCII and most of Latin-1; typographic quotes and dashes become their
// plain forms and anything else a question mark, so every character stays a single byte.
function clean(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/gu, '?')
}

function escape(text: string): string {
  return text.replace(/[\\()]/g, (char) => `\\${char}`)
}

function wrap(line: string): string[] {
  if (line.length <= WRAP_AT) return [line]
  const out: string[] = []
  let current = ''
  for (const word of line.split(' ')) {
    if (current && current.length + 1 + word.length > WRAP_AT) {
      out.push(current)
      current = word
    } else {
      current = current ? `${current} ${word}` : word
    }
  }
  if (current) out.push(current)
  return out
}
