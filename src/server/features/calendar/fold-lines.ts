// RFC 5545, 3.1: a content line longer than 75 octets is folded, a line break and a space put
// before the octet that would pass it, never inside a character. Counted in UTF-8 octets, as
// ical-generator's own folding does (the same text, tested), without encoding each character.

const LINE_OCTETS = 74

/** Folds each CRLF-separated line of the text. */
export function foldLines(text: string): string {
  let folded = ''
  let start = 0
  let octets = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 13 && text.charCodeAt(i + 1) === 10) {
      octets = 0
      i++
      continue
    }
    // A surrogate pair is one character of four octets.
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3
    if (octets + size > LINE_OCTETS) {
      folded += `${text.slice(start, i)}\r\n `
      start = i
      octets = 0
    }
    octets += size
    if (pair) i++
  }
  return folded + text.slice(start)
}
