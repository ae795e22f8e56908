import { siteMapMessages } from '#shared/messages/site-map'
import { AppError, badRequest } from '#server/core/errors'

// What a drawing may hold, measured on its text before anything parses it: the XML parser and
// the sanitiser take time that grows faster than the file with groups nested deep (4,000 levels
// took 12.6 s) and with attributes piled on one element, so a file past these is refused in one
// pass over its characters. A council's site of 2,000 plots, each with its label, and a
// background of trees and paths is a few thousand elements and a dozen levels deep.
export const DRAWING_LIMITS = { depth: 100, elements: 10_000, attributes: 200, declaration: 20_000 }

const LT = 0x3c // <
const GT = 0x3e // >
const SLASH = 0x2f
const EQUALS = 0x3d
const QUOTE = 0x22
const APOSTROPHE = 0x27
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d

// Markup that holds no elements, skipped to its end: comments, CDATA sections, processing
// instructions. (A DOCTYPE's entities are not expanded into elements by the parser.)
const XML_DECLARATION = /^<\?xml\s/
const SKIPPED: [string, string][] = [
  ['<!--', '-->'],
  ['<![CDATA[', ']]>'],
  ['<?', '?>'],
]

const tooManyElements = (limits: typeof DRAWING_LIMITS) =>
  new AppError(413, siteMapMessages.drawingTooManyElements(limits.elements))

/** Refuses a drawing nested too deep, with too many elements, or an element with too many
 * attributes. Not a validator: a file that is not well-formed is left for the parser to refuse. */
export function checkDrawingBounds(text: string, limits = DRAWING_LIMITS): void {
  let depth = 0
  let elements = 0
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at)) {
    const skipped = SKIPPED.find(([start]) => text.startsWith(start, at))
    if (skipped) {
      // No element, but a node all the same for the parser and the sanitiser to go through
      // (all but the XML declaration).
      if (!XML_DECLARATION.test(text.slice(at, at + 6)) && ++elements > limits.elements)
        throw tooManyElements(limits)
      const end = text.indexOf(skipped[1], at + skipped[0].length)
      if (end === -1) return
      at = end + skipped[1].length
      continue
    }
    if (text.startsWith('<!', at)) {
      const end = declarationEnd(text, at)
      // jsdom reads the DOCTYPE's entities with a pattern that slows down on a long one; a
      // drawing program writes a few lines.
      if (end - at > limits.declaration) throw badRequest(siteMapMessages.notADrawing)
      at = end
      continue
    }
    if (text.charCodeAt(at + 1) === SLASH) {
      depth--
      at += 2
      continue
    }
    const tag = startTag(text, at)
    if (++elements > limits.elements) throw tooManyElements(limits)
    if (tag.attributes > limits.attributes) {
      throw badRequest(siteMapMessages.drawingTooManyAttributes(limits.attributes))
    }
    // The element's own level counts, whether or not it closes itself.
    if (depth + 1 > limits.depth) throw badRequest(siteMapMessages.drawingTooDeep(limits.depth))
    if (!tag.empty) depth++
    at = tag.end
  }
}

// A start tag from its "<": where it ends, whether it closes itself ("/>"), and how many
// attributes it has (the "=" outside quoted values). A ">" inside a quoted value does not end it.
function startTag(text: string, at: number) {
  let attributes = 0
  let quote = 0
  for (let i = at + 1; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (quote) {
      if (code === quote) quote = 0
    } else if (code === QUOTE || code === APOSTROPHE) quote = code
    else if (code === EQUALS) attributes++
    else if (code === GT) return { end: i + 1, empty: text.charCodeAt(i - 1) === SLASH, attributes }
    else if (code === LT) break
  }
  // Not well-formed: counted as an element that stays open, and the parser refuses the file.
  return { end: at + 1, empty: false, attributes }
}

// <!DOCTYPE ...> (or another declaration), read as the parser reads it: quoted strings, and an
// internal subset in brackets holding declarations, comments and processing instructions.
function declarationEnd(text: string, at: number): number {
  let inSubset = false
  for (let i = at + 2; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === QUOTE || code === APOSTROPHE) {
      const end = text.indexOf(String.fromCharCode(code), i + 1)
      if (end === -1) break
      i = end
    } else if (inSubset && text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4)
      if (end === -1) break
      i = end + 2
    } else if (inSubset && text.startsWith('<?', i)) {
      // As the parser does: the instruction ends at the first ">" after a "?".
      const question = text.indexOf('?', i + 2)
      const end = question === -1 ? -1 : text.indexOf('>', question + 1)
      if (end === -1) break
      i = end
    } else if (code === OPEN_BRACKET) inSubset = true
    else if (code === CLOSE_BRACKET) inSubset = false
    else if (!inSubset && code === GT) return i + 1
  }
  return text.length
}
