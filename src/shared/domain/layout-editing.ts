import type { RectShape, SiteFeature, SiteLayout, SitePlot } from '#shared/schemas/site-map'

// The site map editor's changes to a layout: each returns a new layout, rectangles snapped to
// the grid and kept inside the drawing, and a shape's label kept at its centre.

/** A new drawing's size: A4 landscape in the units every stored drawing uses (297 wide). */
export const BLANK_LAYOUT: SiteLayout = {
  viewBox: { width: 297, height: 210 },
  plots: [],
  features: [],
}

export type LayoutItem = { type: 'plot' | 'feature'; index: number }

const NEW_PLOT = { width: 20, height: 14 }
const NEW_FEATURE = { width: 30, height: 12 }
const MIN_SIZE = 1

export const snap = (value: number, grid: number) => Math.round(value / grid) * grid

const centreOf = (rect: RectShape) => ({
  x: Math.round((rect.x + rect.width / 2) * 100) / 100,
  y: Math.round((rect.y + rect.height / 2) * 100) / 100,
})

/** The rectangle on the grid, at least one unit and no more than the drawing. */
export function placed(layout: SiteLayout, rect: Omit<RectShape, 'kind'>, grid: number): RectShape {
  const { width: maxWidth, height: maxHeight } = layout.viewBox
  const width = Math.min(maxWidth, Math.max(MIN_SIZE, snap(rect.width, grid)))
  const height = Math.min(maxHeight, Math.max(MIN_SIZE, snap(rect.height, grid)))
  const x = Math.min(maxWidth - width, Math.max(0, snap(rect.x, grid)))
  const y = Math.min(maxHeight - height, Math.max(0, snap(rect.y, grid)))
  return { kind: 'rect', x, y, width, height }
}

/** The item's rectangle, or undefined for an outline imported from a drawing. */
export function rectOf(layout: SiteLayout, item: LayoutItem): RectShape | undefined {
  const shape =
    item.type === 'plot' ? layout.plots[item.index]?.shape : layout.features[item.index]?.shape
  return shape?.kind === 'rect' ? shape : undefined
}

// The first free number: "1", "2", ... as most sites number their plots.
function nextPlotName(plots: readonly SitePlot[]) {
  const taken = new Set(plots.map((plot) => plot.id.toLowerCase()))
  let n = 1
  while (taken.has(String(n))) n++
  return String(n)
}

export function addPlot(layout: SiteLayout, grid: number): SiteLayout {
  const shape = placed(layout, { x: grid, y: grid, ...NEW_PLOT }, grid)
  const plot: SitePlot = { id: nextPlotName(layout.plots), shape, label: centreOf(shape) }
  return { ...layout, plots: [...layout.plots, plot] }
}

export function addFeature(layout: SiteLayout, grid: number): SiteLayout {
  const shape = placed(layout, { x: grid, y: grid, ...NEW_FEATURE }, grid)
  const name = `Feature ${layout.features.length + 1}`
  const feature: SiteFeature = {
    kind: 'building',
    name,
    shape,
    label: { ...centreOf(shape), text: name },
  }
  return { ...layout, features: [...layout.features, feature] }
}

/** Puts a rectangular item at `rect` (snapped and kept inside); other shapes stay as they are. */
export function setRect(
  layout: SiteLayout,
  item: LayoutItem,
  rect: Omit<RectShape, 'kind'>,
  grid: number,
): SiteLayout {
  if (!rectOf(layout, item)) return layout
  const shape = placed(layout, rect, grid)
  const label = centreOf(shape)
  if (item.type === 'plot') {
    return {
      ...layout,
      plots: layout.plots.map((plot, i) => (i === item.index ? { ...plot, shape, label } : plot)),
    }
  }
  return {
    ...layout,
    features: layout.features.map((feature, i) =>
      i === item.index
        ? { ...feature, shape, label: feature.label && { ...feature.label, ...label } }
        : feature,
    ),
  }
}

export function renamePlot(layout: SiteLayout, index: number, id: string): SiteLayout {
  return {
    ...layout,
    plots: layout.plots.map((plot, i) => (i === index ? { ...plot, id } : plot)),
  }
}

/** A feature's name is also its label. */
export function changeFeature(
  layout: SiteLayout,
  index: number,
  change: Partial<Pick<SiteFeature, 'name' | 'kind'>>,
): SiteLayout {
  return {
    ...layout,
    features: layout.features.map((feature, i) => {
      if (i !== index) return feature
      const changed = { ...feature, ...change }
      return change.name !== undefined && changed.label
        ? { ...changed, label: { ...changed.label, text: change.name } }
        : changed
    }),
  }
}

export function removeItem(layout: SiteLayout, item: LayoutItem): SiteLayout {
  return item.type === 'plot'
    ? { ...layout, plots: layout.plots.filter((_, i) => i !== item.index) }
    : { ...layout, features: layout.features.filter((_, i) => i !== item.index) }
}
