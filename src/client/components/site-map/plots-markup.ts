import type { PlotStatus } from '#shared/domain/plots'
import { plotMessages } from '#shared/messages/plots'
import { siteMapMessages } from '#shared/messages/site-map'
import type { PlotShape, SitePlot } from '#shared/schemas/site-map'

// The plots of a map as one piece of SVG markup, which the browser parses natively in one go:
// building thousands of elements one call at a time from script cost a council-sized map
// (2,000 plots) most of its render time (decision 15). Every value is escaped; the clicks and
// keys are handled once, on the group, by the plot's data-plot-id.

export interface PlotsMarkupOptions {
  plotStatus?: Record<string, PlotStatus>
  unrecorded?: ReadonlySet<string>
  /** The signed-in member's own plots, marked (My allotment, the map). */
  ownPlots?: ReadonlySet<string>
  interactive: boolean
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
export const escapeMarkup = (text: string | number) =>
  String(text).replace(/[&<>"']/g, (char) => ESCAPES[char]!)

export function shapeMarkup(shape: PlotShape, className: string): string {
  const cls = `class="${className}"`
  switch (shape.kind) {
    case 'rect':
      return `<rect ${cls} x="${shape.x}" y="${shape.y}" width="${shape.width}" height="${shape.height}"/>`
    case 'polygon':
      return `<polygon ${cls} points="${escapeMarkup(shape.points)}"/>`
    case 'path':
      return `<path ${cls} d="${escapeMarkup(shape.d)}"/>`
  }
}

function plotMarkup(plot: SitePlot, options: PlotsMarkupOptions) {
  const { plotStatus, unrecorded, ownPlots, interactive } = options
  const id = escapeMarkup(plot.id)
  const status = plotStatus?.[plot.id]
  const noRecord = unrecorded?.has(plot.id) ?? false
  const own = ownPlots?.has(plot.id) ?? false
  const classes = ['plot']
  if (status) classes.push(`plot--${status}`)
  if (noRecord) classes.push('plot--unrecorded')
  if (own) classes.push('plot--own')
  if (interactive) classes.push('plot--interactive')
  const control = interactive ? ` role="link" tabindex="0" aria-label="Plot ${id}"` : ''
  // What a pointer's hover and a screen reader's description say beside the plot's name.
  const state = status ? plotMessages.plotStatus[status] : noRecord ? 'no record' : ''
  const said = own
    ? siteMapMessages.ownPlot(plot.id) + (state && ` (${state})`)
    : state && `Plot ${plot.id}: ${state}`
  const title = said && `<title>${escapeMarkup(said)}</title>`
  return (
    `<g class="${classes.join(' ')}" data-plot-id="${id}"${control}>${title}` +
    shapeMarkup(plot.shape, 'plot__shape') +
    `<text class="plot__label" x="${plot.label.x}" y="${plot.label.y}" dy="0.35em">${id}</text></g>`
  )
}

export const plotsMarkup = (plots: readonly SitePlot[], options: PlotsMarkupOptions) =>
  plots.map((plot) => plotMarkup(plot, options)).join('')
