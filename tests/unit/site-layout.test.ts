import { describe, expect, it } from 'vitest'
import { featureKindSchema, type FeatureShape } from '#shared/schemas/site-map'
import { riversideLayout as siteLayout } from '../../scripts/seed/riverside-layout.ts'

type Box = { minX: number; minY: number; maxX: number; maxY: number }
type Pt = { x: number; y: number }

function parsePoints(points: string): Pt[] {
  return points
    .trim()
    .split(/\s+/)
    .map((pair) => {
      const [x, y] = pair.split(',').map(Number)
      if (x === undefined || y === undefined || Number.isNaN(x) || Number.isNaN(y)) {
        throw new Error(`bad point "${pair}" in "${points}"`)
      }
      return { x, y }
    })
}

function boxOf(shape: FeatureShape): Box {
  if (shape.kind === 'rect') {
    return {
      minX: shape.x,
      minY: shape.y,
      maxX: shape.x + shape.width,
      maxY: shape.y + shape.height,
    }
  }
  if (shape.kind === 'path') throw new Error('The demo layout draws no paths.')
  const pts = parsePoints(shape.points)
  return {
    minX: Math.min(...pts.map((p) => p.x)),
    minY: Math.min(...pts.map((p) => p.y)),
    maxX: Math.max(...pts.map((p) => p.x)),
    maxY: Math.max(...pts.map((p) => p.y)),
  }
}

/** True when the boxes share some area (touching edges is not overlapping). */
function overlaps(a: Box, b: Box): boolean {
  return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
}

function inBox(p: Pt, b: Box): boolean {
  return p.x > b.minX && p.x < b.maxX && p.y > b.minY && p.y < b.maxY
}

function inPolygon(p: Pt, poly: Pt[]): boolean {
  let inside = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!
    const b = poly[j]!
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside
    }
  }
  return inside
}

/** Does the segment a-b pass through the box (Liang-Barsky clipping)? */
function segmentHitsBox(a: Pt, b: Pt, box: Box): boolean {
  let t0 = 0
  let t1 = 1
  const dx = b.x - a.x
  const dy = b.y - a.y
  const edges: Array<[number, number]> = [
    [-dx, a.x - box.minX],
    [dx, box.maxX - a.x],
    [-dy, a.y - box.minY],
    [dy, box.maxY - a.y],
  ]
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false
    } else {
      const t = q / p
      if (p < 0) t0 = Math.max(t0, t)
      else t1 = Math.min(t1, t)
      if (t0 > t1) return false
    }
  }
  return true
}

const { width, height } = siteLayout.viewBox
const viewBox: Box = { minX: 0, minY: 0, maxX: width, maxY: height }
const within = (b: Box, outer: Box) =>
  b.minX >= outer.minX && b.minY >= outer.minY && b.maxX <= outer.maxX && b.maxY <= outer.maxY

const expectedIds = [...Array.from({ length: 71 }, (_, i) => String(i + 1).padStart(2, '0')), '66b']

describe('site layout', () => {
  it('is drawn on an A4 landscape viewBox of 297 by 210', () => {
    expect(siteLayout.viewBox).toEqual({ width: 297, height: 210 })
  })

  it("has exactly the 72 plots '01' to '71' and '66b', without duplicates", () => {
    const ids = siteLayout.plots.map((p) => p.id)
    expect(ids).toHaveLength(72)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual([...expectedIds].sort())
  })

  it('puts every plot and feature inside the viewBox', () => {
    for (const plot of siteLayout.plots) {
      expect(within(boxOf(plot.shape), viewBox), `plot ${plot.id}`).toBe(true)
    }
    for (const feature of siteLayout.features) {
      expect(within(boxOf(feature.shape), viewBox), feature.name).toBe(true)
      if (feature.label) {
        expect(inBox(feature.label, viewBox), `${feature.name} label`).toBe(true)
      }
    }
  })

  it('gives every shape a positive size', () => {
    for (const item of [...siteLayout.plots, ...siteLayout.features]) {
      const b = boxOf(item.shape)
      expect(b.maxX - b.minX, JSON.stringify(item.shape)).toBeGreaterThan(0)
      expect(b.maxY - b.minY, JSON.stringify(item.shape)).toBeGreaterThan(0)
    }
  })

  it('has no two plots overlapping', () => {
    const boxes = siteLayout.plots.map((p) => ({ id: p.id, box: boxOf(p.shape) }))
    const clashes: string[] = []
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        if (overlaps(boxes[i]!.box, boxes[j]!.box)) clashes.push(`${boxes[i]!.id}/${boxes[j]!.id}`)
      }
    }
    expect(clashes).toEqual([])
  })

  it('has no plot overlapping a feature, and every plot inside the fence', () => {
    const clashes: string[] = []
    for (const plot of siteLayout.plots) {
      const box = boxOf(plot.shape)
      for (const feature of siteLayout.features) {
        if (feature.shape.kind === 'polyline') {
          const pts = parsePoints(feature.shape.points)
          for (let i = 1; i < pts.length; i++) {
            if (segmentHitsBox(pts[i - 1]!, pts[i]!, box))
              clashes.push(`${plot.id}/${feature.name}`)
          }
          if (feature.kind === 'fence' && !within(box, boxOf(feature.shape))) {
            clashes.push(`${plot.id} outside ${feature.name}`)
          }
        } else if (overlaps(box, boxOf(feature.shape))) {
          clashes.push(`${plot.id}/${feature.name}`)
        }
      }
    }
    expect(clashes).toEqual([])
  })

  it("puts every plot's label point inside its plot", () => {
    for (const plot of siteLayout.plots) {
      expect(inBox(plot.label, boxOf(plot.shape)), `plot ${plot.id}`).toBe(true)
      if (plot.shape.kind === 'polygon') {
        expect(inPolygon(plot.label, parsePoints(plot.shape.points)), `plot ${plot.id}`).toBe(true)
      }
    }
  })

  it('puts 66b next to 66', () => {
    const a = boxOf(siteLayout.plots.find((p) => p.id === '66')!.shape)
    const b = boxOf(siteLayout.plots.find((p) => p.id === '66b')!.shape)
    const gapX = Math.max(a.minX, b.minX) - Math.min(a.maxX, b.maxX)
    const gapY = Math.max(a.minY, b.minY) - Math.min(a.maxY, b.maxY)
    expect(Math.max(gapX, gapY)).toBeLessThanOrEqual(2)
  })

  it("has an orchard labelled 'Orchard' and at least one feature of every kind", () => {
    const orchard = siteLayout.features.find((f) => f.kind === 'orchard')
    expect(orchard?.label?.text).toBe('Orchard')
    // Riverside has every kind but 'area', which imported drawings use for what is not a plot.
    const kinds = featureKindSchema.options.filter((kind) => kind !== 'area')
    for (const kind of kinds) {
      expect(
        siteLayout.features.some((f) => f.kind === kind),
        kind,
      ).toBe(true)
    }
  })

  it('has a toilet and two containers among the buildings', () => {
    const buildings = siteLayout.features.filter((f) => f.kind === 'building').map((f) => f.name)
    expect(buildings.filter((n) => /toilet/i.test(n))).toHaveLength(1)
    expect(buildings.filter((n) => /container/i.test(n))).toHaveLength(2)
  })

  it('gives every feature a unique name', () => {
    const names = siteLayout.features.map((f) => f.name)
    expect(new Set(names).size).toBe(names.length)
  })
})
