import { useId, useMemo, type KeyboardEvent, type MouseEvent } from 'react'
import type {
  FeatureShape,
  PlotStates,
  SiteFeature,
  SiteMap as SiteMapData,
} from '#shared/schemas/site-map'
import { plotMessages } from '#shared/messages/plots'
import { siteMapMessages } from '#shared/messages/site-map'
import { plotsMarkup } from './plots-markup.ts'
import { useMapZoom } from './use-map-zoom.ts'
import './site-map.css'

export type SiteMapProps = {
  /** The drawing, as stored (every drawing is 297 units wide, so lines and labels fit it). */
  siteMap: SiteMapData
  /** The drawing's accessible name, shown as its <title>. */
  title: string
  /** Shades each plot by its state and adds a key below the drawing of the states it can show. */
  states?: PlotStates
  /** Makes each plot a keyboard-usable link; without it the map is read-only. */
  onSelectPlot?: (plotId: string) => void
  /** Drawn plots that have no record, marked for the administrator. */
  unrecorded?: ReadonlySet<string>
  /** The signed-in member's own plots, marked. */
  ownPlots?: ReadonlySet<string>
}

/** The allotment site as stored in the database. No inline styles: classes only. */
export function SiteMap(props: SiteMapProps) {
  const { siteMap, title, states, onSelectPlot, unrecorded, ownPlots } = props
  const { layout, backgroundUrl } = siteMap
  // useId may contain characters that are awkward in url(#...) references; keep a plain id.
  const baseId = `site-map-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`
  const titleId = `${baseId}-title`
  const treesId = `${baseId}-trees`
  const willowId = `${baseId}-willow`
  const { width, height } = layout.viewBox
  const interactive = onSelectPlot !== undefined
  const plotStatus = states?.plots
  const markup = useMemo(
    () => plotsMarkup(layout.plots, { plotStatus, unrecorded, ownPlots, interactive }),
    [layout.plots, plotStatus, unrecorded, ownPlots, interactive],
  )

  // A map of plots to open or to tell apart opens with its plots big enough to tap and read.
  const zoom = useMapZoom(interactive || states !== undefined)

  return (
    <div className="site-map-container">
      <div className="button-row site-map__zoom no-print">
        <button
          type="button"
          className="button button--quiet"
          disabled={!zoom.zoomOut}
          onClick={zoom.zoomOut}
        >
          Zoom out
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={!zoom.zoomIn}
          onClick={zoom.zoomIn}
        >
          Zoom in
        </button>
      </div>
      {/* Zoomed, the view scrolls: a keyboard reaches it to scroll with the arrow keys. */}
      <div
        ref={zoom.box}
        className={
          zoom.zoomed ? 'site-map__viewport site-map__viewport--zoomed' : 'site-map__viewport'
        }
        {...(zoom.zoomed
          ? { tabIndex: 0, role: 'region', 'aria-label': siteMapMessages.zoomedMap }
          : {})}
      >
        <svg
          className="site-map"
          width={zoom.width}
          viewBox={`0 0 ${width} ${height}`}
          // An image's children are presentational, so a map whose plots are links is a group.
          role={interactive ? 'group' : 'img'}
          aria-labelledby={titleId}
        >
          <title id={titleId}>{title}</title>
          <defs>
            <pattern id={treesId} width="11" height="10" patternUnits="userSpaceOnUse">
              <circle className="map-tree" cx="3" cy="3" r="2.1" />
              <circle className="map-tree" cx="8.5" cy="8" r="2.1" />
            </pattern>
            <pattern id={willowId} width="4" height="4" patternUnits="userSpaceOnUse">
              <path className="map-willow-stem" d="M1 3.6 L1.6 0.6 M2.6 3.6 L2.1 1" />
            </pattern>
          </defs>
          {backgroundUrl && (
            <image
              href={backgroundUrl}
              x="0"
              y="0"
              width={width}
              height={height}
              aria-hidden="true"
            />
          )}
          {layout.features.map((feature) => (
            <Feature
              key={feature.name}
              feature={feature}
              textureId={
                feature.kind === 'orchard'
                  ? treesId
                  : feature.kind === 'willow'
                    ? willowId
                    : undefined
              }
            />
          ))}
          <g
            className="plots"
            dangerouslySetInnerHTML={{ __html: markup }}
            {...(onSelectPlot ? plotControls(onSelectPlot) : {})}
          />
          {layout.features.map(
            (feature) =>
              feature.label && (
                <text
                  key={feature.name}
                  className={`map-feature__label map-feature__label--${feature.kind}`}
                  x={feature.label.x}
                  y={feature.label.y}
                  textAnchor="middle"
                  dominantBaseline="central"
                >
                  {feature.label.text}
                </text>
              ),
          )}
        </svg>
      </div>
      {states && (
        <ul className="map-legend" aria-label="Key to plot colours">
          {states.shown.map((status) => (
            <li key={status} className="map-legend__item">
              <svg
                className="map-legend__swatch"
                viewBox="0 0 6 4.5"
                aria-hidden="true"
                focusable="false"
              >
                <g className={`plot plot--${status}`}>
                  <rect className="plot__shape" x="0.4" y="0.4" width="5.2" height="3.7" />
                </g>
              </svg>
              {plotMessages.plotStatus[status]}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function Shape({ shape, className }: { shape: FeatureShape; className: string }) {
  if (shape.kind === 'path') return <path className={className} d={shape.d} />
  switch (shape.kind) {
    case 'rect':
      return (
        <rect
          className={className}
          x={shape.x}
          y={shape.y}
          width={shape.width}
          height={shape.height}
        />
      )
    case 'polygon':
      return <polygon className={className} points={shape.points} />
    case 'polyline':
      return <polyline className={className} points={shape.points} />
  }
}

function Feature({ feature, textureId }: { feature: SiteFeature; textureId?: string }) {
  return (
    <g className={`map-feature map-${feature.kind}`} data-feature={feature.name}>
      <Shape shape={feature.shape} className="map-feature__shape" />
      {textureId && (
        // A presentation attribute, not a style: allowed under the content security policy.
        <g className="map-feature__texture" fill={`url(#${textureId})`}>
          <Shape shape={feature.shape} className="map-feature__texture-shape" />
        </g>
      )}
    </g>
  )
}

// Each plot is a link (role, tab stop and name in its markup); one handler on the group follows
// the one clicked or activated by Enter or Space.
function plotControls(onSelectPlot: (plotId: string) => void) {
  const plotOf = (target: EventTarget) =>
    (target as Element).closest<SVGGElement>('[data-plot-id]')?.dataset.plotId
  return {
    onClick: (event: MouseEvent<SVGGElement>) => {
      const id = plotOf(event.target)
      if (id !== undefined) onSelectPlot(id)
    },
    onKeyDown: (event: KeyboardEvent<SVGGElement>) => {
      const id = plotOf(event.target)
      if (id !== undefined && (event.key === 'Enter' || event.key === ' ')) {
        event.preventDefault()
        onSelectPlot(id)
      }
    },
  }
}
