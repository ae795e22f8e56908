import { z } from 'zod'
import { rowNumber } from '#shared/schemas/text-fields'
import { siteMapMessages } from '#shared/messages/site-map'
import { plotName } from '#shared/schemas/plot'
import { PLOT_STATUSES } from '#shared/domain/plots'

// The site drawing, kept in the database (decision 15). Units are the drawing's own; the map is
// shown at the width of its container. A plot's label point is where its name is written.

const coordinate = z.number().finite()
const size = z.number().finite().positive()
/** SVG points list, "x1,y1 x2,y2 ...". */
const pointsList = z.string().max(20_000)

export const rectShapeSchema = z.object({
  kind: z.literal('rect'),
  x: coordinate,
  y: coordinate,
  width: size,
  height: size,
})
const polygonShape = z.object({ kind: z.literal('polygon'), points: pointsList })
/** Open: fences. */
const polylineShape = z.object({ kind: z.literal('polyline'), points: pointsList })
/** Any outline taken from an imported drawing, in the drawing's coordinates. */
const pathShape = z.object({ kind: z.literal('path'), d: z.string().max(100_000) })

export const plotShapeSchema = z.discriminatedUnion('kind', [
  rectShapeSchema,
  polygonShape,
  pathShape,
])
export const featureShapeSchema = z.discriminatedUnion('kind', [
  rectShapeSchema,
  polygonShape,
  polylineShape,
  pathShape,
])

const point = z.object({ x: coordinate, y: coordinate })

export const sitePlotSchema = z.object({ id: plotName, shape: plotShapeSchema, label: point })

export const featureKindSchema = z.enum([
  'willow',
  'path',
  'building',
  'compost',
  'fence',
  'gate',
  'orchard',
  'area',
])

export const siteFeatureSchema = z.object({
  kind: featureKindSchema,
  name: z.string().trim().min(1, siteMapMessages.featureNameRequired).max(60),
  shape: featureShapeSchema,
  label: point.extend({ text: z.string().max(60) }).optional(),
})

export const MAX_DRAWN_PLOTS = 5_000

export const siteLayoutSchema = z
  .object({
    viewBox: z.object({ width: size, height: size }),
    plots: z.array(sitePlotSchema).max(MAX_DRAWN_PLOTS),
    features: z.array(siteFeatureSchema).max(1_000),
  })
  .superRefine((layout, ctx) => {
    const seen = new Set<string>()
    for (const plot of layout.plots) {
      const key = plot.id.toLowerCase()
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: siteMapMessages.plotDrawnTwice(plot.id) })
      seen.add(key)
    }
  })

export type RectShape = z.infer<typeof rectShapeSchema>
export type PlotShape = z.infer<typeof plotShapeSchema>
export type FeatureShape = z.infer<typeof featureShapeSchema>
export type SitePlot = z.infer<typeof sitePlotSchema>
export type FeatureKind = z.infer<typeof featureKindSchema>
export type SiteFeature = z.infer<typeof siteFeatureSchema>
export type SiteLayout = z.infer<typeof siteLayoutSchema>

/** What the map screens read: the drawing, and the imported background behind it, if any. */
export const siteMapSchema = z.object({
  layout: siteLayoutSchema,
  backgroundUrl: z.string().nullable(),
  version: rowNumber,
})

export type SiteMap = z.infer<typeof siteMapSchema>

/** A layout saved from the editor, based on the version it was read at (0: there was none). */
export const saveSiteLayoutSchema = z.object({
  layout: siteLayoutSchema,
  version: z.int().min(0),
})

export type SaveSiteLayout = z.infer<typeof saveSiteLayoutSchema>

/** Where the drawing and the plot records disagree, for the administrator's map screen. */
export const siteMapCheckSchema = z.object({
  drawnWithoutRecord: z.array(z.string()),
  recordsNotDrawn: z.array(z.string()),
})

export type SiteMapCheck = z.infer<typeof siteMapCheckSchema>

const plotStatusSchema = z.enum(PLOT_STATUSES)

/** The plots' states on the map, as finely as the viewer's level may know them (issue 44). */
export const plotStatesSchema = z.object({
  /** The states this viewer can meet, in the order of the map's key. */
  shown: z.array(plotStatusSchema),
  /** Each recorded plot's state, by plot name. */
  plots: z.record(z.string(), plotStatusSchema),
})
export type PlotStates = z.infer<typeof plotStatesSchema>

/** The largest SVG drawing the administrator may import. */
export const SITE_MAP_MAX_BYTES = 5 * 1024 * 1024
