import createDOMPurify from 'dompurify'
import { JSDOM } from 'jsdom'
import { siteMapMessages } from '#shared/messages/site-map'
import { badRequest } from '#server/core/errors'

// What stays of the drawing once its plots are taken out, shown as an image. DOMPurify keeps
// SVG's drawing elements and attributes and drops the rest. References to anything outside the
// file go too: an image may only carry its own picture data.

/** The drawing from `root` without the elements in `left`, sanitised: an SVG document. */
export function backgroundOf(root: Element, left: ReadonlySet<Element>): string {
  return sanitise(markupWithout(root, left))
}

const ELEMENT = 1
const TEXT = 3
const CDATA = 4

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
const escapeAttribute = (value: string) =>
  escapeText(value)
    .replaceAll('"', '&quot;')
    .replaceAll('\t', '&#9;')
    .replaceAll('\n', '&#10;')
    .replaceAll('\r', '&#13;')

function startTag(element: Element, empty: boolean): string {
  let tag = `<${element.tagName}`
  for (const attribute of element.attributes)
    tag += ` ${attribute.name}="${escapeAttribute(attribute.value)}"`
  return tag + (empty ? '/>' : '>')
}

// The markup written here, in one pass, instead of removing the plots from jsdom's tree first:
// each removal there costs time in proportion to the element's siblings, so taking 10,000 plots
// out of one layer took minutes. Comments and processing instructions are left out; the
// sanitiser would drop them.
function markupWithout(root: Element, left: ReadonlySet<Element>): string {
  const out: string[] = []
  let node: Node = root
  for (;;) {
    let inside: Node | null = null
    if (node.nodeType === ELEMENT && (node === root || !left.has(node as Element))) {
      inside = node.firstChild
      out.push(startTag(node as Element, !inside))
    } else if (node.nodeType === TEXT || node.nodeType === CDATA) {
      out.push(escapeText((node as CharacterData).data))
    }
    if (inside) {
      node = inside
      continue
    }
    while (node !== root && !node.nextSibling) {
      node = node.parentNode!
      out.push(`</${(node as Element).tagName}>`)
    }
    if (node === root) return out.join('')
    node = node.nextSibling!
  }
}

function sanitise(svg: string): string {
  const { window } = new JSDOM('')
  const purify = createDOMPurify(window)
  purify.addHook('afterSanitizeAttributes', (node) => {
    for (const name of ['href', 'xlink:href']) {
      const value = node.getAttribute(name)?.trim()
      if (value === undefined) continue
      const local =
        value.startsWith('#') || (node.localName === 'image' && value.startsWith('data:image/'))
      if (!local) node.removeAttribute(name)
    }
    for (const attribute of [...node.attributes]) {
      const value = attribute.value.toLowerCase()
      if (/url\(\s*['"]?(?!#)/.test(value) || value.includes('@import'))
        node.removeAttribute(attribute.name)
    }
  })
  const clean = purify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['style', 'a', 'foreignObject', 'script'],
    RETURN_DOM: true,
  })
  // Serialised as XML: the file is read on its own, as an SVG document, where HTML's named
  // entities mean nothing.
  const drawing = (clean as Element).querySelector('svg')
  if (!drawing) throw badRequest(siteMapMessages.notADrawing)
  return new window.XMLSerializer().serializeToString(drawing)
}
