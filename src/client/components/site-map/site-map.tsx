import { useId, type KeyboardEvent } from 'react'
import { siteLayout, type FeatureShape, type SiteFeature, type SitePlot } from './site-layout.ts'
import './site-map.css'

export type PlotStatus = 'vacant' | 'occupied' | 'unpaid'

export type SiteMapProps = {
  /** The drawing's accessible name, shown as its <title>. */
  title: string
  /** Shades each plot by status and adds a legend below the drawing. */
  plotStatus?: Record<string, PlotStatus>
  /** Makes each plot a keyboard-usable link; without it the map is read-only. */
  onSelectPlot?: (plotId: string) => void
  selectedPlotIds?: never
}

const statusWords: Record<PlotStatus, string> = {
  vacant: 'Vacant',
  occupied: 'Occupied',
  unpaid: 'Unpaid',
}
const statuses = Object.keys(statusWords) as PlotStatus[]

/** The allotment site drawn from siteLayout (site-layout.ts). No inline styles: classes only. */
export function SiteMap({ title, plotStatus, onSelectPlot }: SiteMapProps) {
  // useId may contain characters that are awkward in url(#...) references; keep a plain id.
  const baseId = `site-map-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`
  const titleId = `${baseId}-title`
  const treesId = `${baseId}-trees`
  const willowId = `${baseId}-willow`
  const { width, height } = siteLayout.viewBox
  const interactive = onSelectPlot !== undefined

  return (
    <div className="site-map-container">
      <svg
        className="site-map"
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
        {siteLayout.features.map((feature) => (
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
        {siteLayout.plots.map((plot) => (
          <Plot
            key={plot.id}
            plot={plot}
            status={plotStatus?.[plot.id]}
            onSelectPlot={onSelectPlot}
          />
        ))}
        {siteLayout.features.map(
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
      {plotStatus && (
        <ul className="map-legend" aria-label="Key to plot colours">
          {statuses.map((status) => (
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
              {statusWords[status]}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function Shape({ shape, className }: { shape: FeatureShape; className: string }) {
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

function Plot({
  plot,
  status,
  onSelectPlot,
}: {
  plot: SitePlot
  status: PlotStatus | undefined
  onSelectPlot: ((plotId: string) => void) | undefined
}) {
  const className = [
    'plot',
    status ? `plot--${status}` : '',
    onSelectPlot ? 'plot--interactive' : '',
  ]
    .filter(Boolean)
    .join(' ')
  const controlProps = onSelectPlot
    ? {
        role: 'link',
        tabIndex: 0,
        'aria-label': `Plot ${plot.id}`,
        onClick: () => onSelectPlot(plot.id),
        onKeyDown: (event: KeyboardEvent<SVGGElement>) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault()
            onSelectPlot(plot.id)
          }
        },
      }
    : {}

  return (
    <g className={className} data-plot-id={plot.id} {...controlProps}>
      {status && <title>{`Plot ${plot.id}: ${statusWords[status]}`}</title>}
      <Shape shape={plot.shape} className="plot__shape" />
      <text
        className="plot__label"
        x={plot.label.x}
        y={plot.label.y}
        textAnchor="middle"
        dominantBaseline="central"
      >
        {plot.id}
      </text>
    </g>
  )
}
