import { importMessages } from '#shared/messages/import'
import { badRequest } from '#server/core/errors'

// An uploaded text file (a spreadsheet saved as CSV, a bank statement, a drawing) as text, read
// one way wherever a file is uploaded.

// Every other byte nought: UTF-16 text that does not say so, which we cannot tell apart from
// binary by its characters alone.
const looksLikeUtf16 = (bytes: Uint8Array) => {
  const start = bytes.subarray(0, 200)
  const odd = start.filter((b, i) => i % 2 === 1 && b === 0).length
  const even = start.filter((b, i) => i % 2 === 0 && b === 0).length
  return Math.max(odd, even) > start.length / 4 && Math.min(odd, even) === 0
}

// UTF-8 (with or without its byte-order mark), UTF-16 when it says so, else Windows-1252, as
// Excel saves "CSV" on a British Windows machine. Bytes no text has (a picture, a PDF) are not a
// spreadsheet (nor a statement: `notText` says which); other control characters mean text in an
// encoding we do not read.
export function decodeText(
  bytes: Uint8Array,
  notText: string = importMessages.notASpreadsheet,
): string {
  const decode = (encoding: string, fatal = false) =>
    new TextDecoder(encoding, { fatal, ignoreBOM: false }).decode(bytes)
  let text: string
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = decode('utf-16le')
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = decode('utf-16be')
  else if (looksLikeUtf16(bytes)) throw badRequest(importMessages.unreadableText)
  else if (bytes.includes(0)) throw badRequest(notText)
  else {
    try {
      text = decode('utf-8', true)
    } catch {
      text = decode('windows-1252')
    }
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) {
    throw badRequest(importMessages.unreadableText)
  }
  return text
}
