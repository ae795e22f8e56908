import { JSDOM } from 'jsdom'
import svgpath from 'svgpath'
import { siteMapMessages } from '#shared/messages/site-map'
import { plotName } from '#shared/schemas/plot'
import {
  MAX_DRAWN_PLOTS,
  type PlotShape,
  type SiteLayout,
  type SitePlot,
} from '#shared/schemas/site-map'
import { AppError, badRequest } from '#server/core/errors'
import { backgroundOf } from '#server/features/site-map/drawing-background'
import { checkDrawingBounds } from '#server/features/site-map/drawing-bounds'
import { walkElements } from '#server/features/site-map/walk-elements'

// An administrator's drawing of the site, as SVG: each plot is a shape whose id, Inkscape label,
// data-plot attribute or <title> reads "plot 12" (or plot-12, plot_12). The plots become data
// (outlines in the drawing's coordinates); every other shape stays as the background picture,
// sanitised by DOMPurify and shown as an image, where no script could run anyway.
// Every pass over the drawing is one walk of its elements: jsdom's live lists and its removal of
// elements cost time in proportion to their siblings, which made a drawing of 10,000 plots take
// minutes. The text is measured first (drawing-bounds.ts), so that a hostile file is refused
// before it is parsed, and this runs in a worker thread (read-drawing.ts), away from the
// server's requests.

export interface ImportedDrawing {
  layout: SiteLayout
  /** The drawing without its plots, sanitised: an SVG document. */
  background: string
}

const SVG_NS = 'http://www.w3.org/2000/svg'
const SHAPES = new Set(['rect', 'polygon', 'polyline', 'path', 'circle', 'ellipse'])
// The separator is taken whole, as a lookahead and its backreference do, so that a label of
// spaces before a line break is refused at once rather than tried at every split of the spaces.
const PLOT_LABEL = /^plot(?:(?=([\s_-]+))\1|(?=\d))(.+)$/i
const ROUNDING = 2
/** Every drawing is kept this wide (an A4 sheet in millimetres), whatever its own units: the
 * map's lines and labels are sized for it. */
export const DRAWING_WIDTH = 297

export function importSvg(text: string): ImportedDrawing {
  checkDrawingBounds(text)
  const document = parseSvg(text)
  const root = document.documentElement
  refuseScripts(root)
  const { width, height, minX, minY } = drawingSize(root)
  const toLayout = { minX, minY, scale: DRAWING_WIDTH / width }
  const plots = findPlots(root, toLayout)
  return {
    layout: {
      viewBox: { width: DRAWING_WIDTH, height: round(height * toLayout.scale) },
      plots: plots.map(({ plot }) => plot),
      features: [],
    },
    background: backgroundOf(root, new Set(plots.map(({ element }) => element))),
  }
}

function parseSvg(text: string): Document {
  let document: Document
  try {
    document = new JSDOM(text, { contentType: 'image/svg+xml' }).window.document
  } catch {
    throw badRequest(siteMapMessages.notADrawing)
  }
  const root = document.documentElement
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS)
    throw badRequest(siteMapMessages.notADrawing)
  return document
}

// Sanitising would remove these quietly; a drawing that carries them is refused instead, so the
// administrator learns that the file is not what it seemed.
function refuseScripts(root: Element) {
  walkElements(root, (element) => {
    if (element.localName === 'script' || element.localName === 'foreignObject')
      throw badRequest(siteMapMessages.drawingHasScript)
    for (const attribute of element.attributes) {
      const value = attribute.value.trim().toLowerCase()
      if (attribute.localName.toLowerCase().startsWith('on') || value.startsWith('javascript:'))
        throw badRequest(siteMapMessages.drawingHasScript)
    }
  })
}

function drawingSize(root: Element) {
  const viewBox = (root.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number)
  if (viewBox.length === 4 && viewBox.every(Number.isFinite) && viewBox[2]! > 0 && viewBox[3]! > 0)
    return { minX: viewBox[0]!, minY: viewBox[1]!, width: viewBox[2]!, height: viewBox[3]! }
  const width = parseFloat(root.getAttribute('width') ?? '')
  const height = parseFloat(root.getAttribute('height') ?? '')
  if (!(width > 0 && height > 0)) throw badRequest(siteMapMessages.drawingHasNoSize)
  root.setAttribute('viewBox', `0 0 ${width} ${height}`)
  return { minX: 0, minY: 0, width, height }
}

function titleOf(element: Element): Element | null {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling)
    if (child.localName === 'title') return child
  return null
}

function plotLabelOf(element: Element): string | undefined {
  const title = titleOf(element)
  const candidates = [
    element.getAttribute('data-plot'),
    element.getAttributeNS('http://www.inkscape.org/namespaces/inkscape', 'label'),
    element.getAttribute('id'),
    title?.textContent ?? null,
  ]
  for (const candidate of candidates) {
    const match = candidate?.trim().match(PLOT_LABEL)
    if (match) return match[2]!.replaceAll('_', ' ').trim()
  }
  return undefined
}

interface ToLayout {
  minX: number
  minY: number
  scale: number
}

const round = (value: number) => Math.round(value * 10 ** ROUNDING) / 10 ** ROUNDING

/** An affine transform as SVG writes it: [a, b, c, d, e, f]. */
type Matrix = [number, number, number, number, number, number]
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]

// A transform's commands, each with its numbers, in one pass: svgpath's own pattern tries every
// split of the text after each command's bracket ("translate(" and 2,000 spaces took 11 s).
const TRANSFORM = /(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^()]*)\)/g

// What a transform attribute does, read by svgpath (as it reads a plot's own) from where it puts
// the origin and the two unit points.
function matrixOf(transform: string): Matrix {
  const commands = [...transform.matchAll(TRANSFORM)].map(
    ([, command, numbers]) => `${command}(${numbers!.trim().replace(/\s+/g, ' ')})`,
  )
  const points: number[] = []
  svgpath('M0 0L1 0L0 1')
    .transform(commands.join(' '))
    .iterate((segment) => {
      points.push(segment[1] as number, segment[2] as number)
    })
  const [e, f, x1, y1, x2, y2] = points as Matrix
  return [x1 - e, y1 - f, x2 - e, y2 - f, e, f]
}

/** `outer` applied after `inner`. */
const compose = ([a, b, c, d, e, f]: Matrix, [A, B, C, D, E, F]: Matrix): Matrix => [
  a * A + c * B,
  b * A + d * B,
  a * C + c * D,
  b * C + d * D,
  a * E + c * F + e,
  b * E + d * F + f,
]

interface Labelled {
  element: Element
  label: string
  /** The element itself when it is a shape, else the first shape inside it. */
  shape?: Element
  /** The transforms of the shape and its ancestors up to the nearest <svg>, as one. */
  matrix?: Matrix
}

// One walk: each element's transform composed with its parent's; each named element waits for
// its first shape (itself, or the first inside it), which every element still waiting gets.
function labelledShapes(root: Element): Labelled[] {
  const labelled: Labelled[] = []
  const matrices: Matrix[] = []
  let waiting: Labelled[] = []
  walkElements(
    root,
    (element) => {
      const transform = element.getAttribute('transform')
      const outer = matrices.at(-1) ?? IDENTITY
      const matrix =
        element.localName === 'svg'
          ? IDENTITY
          : transform
            ? compose(outer, matrixOf(transform))
            : outer
      matrices.push(matrix)
      const label = plotLabelOf(element)
      if (label !== undefined) {
        const entry = { element, label }
        labelled.push(entry)
        waiting.push(entry)
      }
      if (SHAPES.has(element.localName) && waiting.length) {
        for (const entry of waiting) Object.assign(entry, { shape: element, matrix })
        waiting = []
      }
    },
    (element) => {
      matrices.pop()
      if (waiting.at(-1)?.element === element) waiting.pop()
    },
  )
  return labelled
}

function findPlots(root: Element, toLayout: ToLayout) {
  const drawn = labelledShapes(root).filter((entry) => entry.shape)
  if (drawn.length > MAX_DRAWN_PLOTS) {
    throw new AppError(413, siteMapMessages.drawingTooManyPlots(MAX_DRAWN_PLOTS))
  }
  const found: { element: Element; plot: SitePlot }[] = []
  const names = new Set<string>()
  for (const { element, label, shape, matrix } of drawn) {
    const name = plotName.safeParse(label)
    if (!name.success)
      throw badRequest(siteMapMessages.drawnPlotNameInvalid(label, name.error.issues[0]!.message))
    const key = name.data.toLowerCase()
    if (names.has(key)) throw badRequest(siteMapMessages.plotDrawnTwice(name.data))
    names.add(key)
    found.push({ element, plot: plotFromShape(name.data, shape!, matrix!, toLayout) })
  }
  if (found.length === 0) throw badRequest(siteMapMessages.drawingHasNoPlots)
  return found
}

const number = (element: Element, name: string) =>
  parseFloat(element.getAttribute(name) ?? '0') || 0

function outline(element: Element): string {
  switch (element.localName) {
    case 'rect': {
      const [x, y] = [number(element, 'x'), number(element, 'y')]
      const [w, h] = [number(element, 'width'), number(element, 'height')]
      return `M${x} ${y}H${x + w}V${y + h}H${x}Z`
    }
    case 'circle':
    case 'ellipse': {
      const [cx, cy] = [number(element, 'cx'), number(element, 'cy')]
      const rx = number(element, element.localName === 'circle' ? 'r' : 'rx')
      const ry = number(element, element.localName === 'circle' ? 'r' : 'ry')
      return `M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`
    }
    case 'path':
      return element.getAttribute('d') ?? ''
    default: {
      const points = (element.getAttribute('points') ?? '').trim().split(/[\s,]+/)
      const pairs = []
      for (let i = 0; i + 1 < points.length; i += 2) pairs.push(`${points[i]} ${points[i + 1]}`)
      return `M${pairs.join('L')}${element.localName === 'polygon' ? 'Z' : ''}`
    }
  }
}

// The plot's outline in the layout's coordinates: its own transform and each enclosing one's
// (`matrix`), then the root's viewBox.
function plotFromShape(
  id: string,
  element: Element,
  matrix: Matrix,
  { minX, minY, scale }: ToLayout,
): SitePlot {
  const path = svgpath(outline(element))
    .matrix(matrix)
    .translate(-minX, -minY)
    .scale(scale)
    .abs()
    .unshort()
    .unarc()
    .round(ROUNDING)
  const xs: number[] = []
  const ys: number[] = []
  path.iterate((segment, _index, x, y) => {
    const [command, ...values] = segment as [string, ...number[]]
    if (command === 'H') values.push(y)
    if (command === 'V') values.unshift(x)
    for (let i = 0; i + 1 < values.length; i += 2) {
      xs.push(values[i]!)
      ys.push(values[i + 1]!)
    }
  })
  if (xs.length === 0) throw badRequest(siteMapMessages.drawnPlotEmpty(id))
  const box = {
    x: Math.min(...xs),
    y: Math.min(...ys),
    right: Math.max(...xs),
    bottom: Math.max(...ys),
  }
  const label = { x: round((box.x + box.right) / 2), y: round((box.y + box.bottom) / 2) }
  return {
    id,
    shape: keptAsRect(element, xs, ys, box) ?? { kind: 'path', d: path.toString() },
    label,
  }
}

// An upright rectangle stays one, so the editor can move and resize it.
function keptAsRect(
  element: Element,
  xs: number[],
  ys: number[],
  box: { x: number; y: number; right: number; bottom: number },
): PlotShape | undefined {
  if (element.localName !== 'rect') return undefined
  const onCorners = xs.every(
    (x, i) => (x === box.x || x === box.right) && (ys[i] === box.y || ys[i] === box.bottom),
  )
  if (!onCorners || box.right <= box.x || box.bottom <= box.y) return undefined
  const [width, height] = [round(box.right - box.x), round(box.bottom - box.y)]
  return { kind: 'rect', x: box.x, y: box.y, width, height }
}
