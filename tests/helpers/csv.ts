const BOM = '\uFEFF'

/**
 * The rows of a CSV download as a spreadsheet would read them (RFC 4180: quoted cells may hold
 * commas, doubled quotes and line breaks; records end in CRLF). Throws without the BOM that makes
 * Excel read UTF-8, so that every test of a download checks it.
 */
export function parseCsv(text: string): string[][] {
  if (!text.startsWith(BOM)) throw new Error('the CSV does not start with a UTF-8 BOM')
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let at = BOM.length; at < text.length; at++) {
    const char = text[at]!
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') cell += text[++at]
      else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[at + 1] === '\n') {
      rows.push([...row, cell])
      row = []
      cell = ''
      at++
    } else cell += char
  }
  if (row.length > 0 || cell !== '') throw new Error('the last record does not end in CRLF')
  return rows
}
