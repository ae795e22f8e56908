import { useId, useRef, type KeyboardEvent, type PointerEvent } from 'react'
import { rectOf, setRect, type LayoutItem } from '#shared/domain/layout-editing'
import type { RectShape, SiteLayout } from '#shared/schemas/site-map'
import { Shape } from '../../components/site-map/site-map.tsx'

interface LayoutCanvasProps {
  layout: SiteLayout
  backgroundUrl: string | null
  grid: number
  selected: LayoutItem | undefined
  onSelect: (item: LayoutItem) => void
  onChange: (layout: SiteLayout) => void
}

type Point = { x: number; y: number }

/** A drag under way: what is dragged, from where, and the layout as it was when it started. */
interface Drag {
  item: LayoutItem
  resize: boolean
  from: Point
  rect: RectShape
  layout: SiteLayout
}

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
}

const sameItem = (a: LayoutItem | undefined, b: LayoutItem) =>
  a?.type === b.type && a.index === b.index

// The item (and whether its resize handle) under a pointer or holding the focus.
function itemAt(target: EventTarget): (LayoutItem & { resize: boolean }) | undefined {
  const element = (target as Element).closest<SVGElement>('[data-item-type]')
  if (!element) return undefined
  const { itemType, itemIndex, handle } = element.dataset
  return {
    type: itemType === 'feature' ? 'feature' : 'plot',
    index: Number(itemIndex),
    resize: handle === 'resize',
  }
}

// Moves or resizes a rectangle from where it was, so snapping never accumulates.
function movedRect(rect: RectShape, by: Point, resize: boolean) {
  return resize
    ? { x: rect.x, y: rect.y, width: rect.width + by.x, height: rect.height + by.y }
    : { x: rect.x + by.x, y: rect.y + by.y, width: rect.width, height: rect.height }
}

/**
 * The drawing being edited: every plot and feature is a button (choose it, then move it with the
 * arrow keys); a rectangle drags to move and its corner handle drags to resize, on the grid.
 */
export function LayoutCanvas({
  layout,
  backgroundUrl,
  grid,
  selected,
  onSelect,
  onChange,
}: LayoutCanvasProps) {
  const svg = useRef<SVGSVGElement>(null)
  const drag = useRef<Drag>(undefined)
  const gridId = `layout-grid-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`
  const { width, height } = layout.viewBox
  const selectedRect = selected && rectOf(layout, selected)

  function drawingPoint(event: PointerEvent): Point {
    const matrix = svg.current?.getScreenCTM()
    if (!matrix) return { x: event.clientX, y: event.clientY }
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse())
    return { x: point.x, y: point.y }
  }

  function startDrag(event: PointerEvent<SVGSVGElement>) {
    const item = itemAt(event.target)
    if (!item) return
    onSelect(item)
    const rect = rectOf(layout, item)
    if (!rect) return
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { item, resize: item.resize, from: drawingPoint(event), rect, layout }
  }

  function continueDrag(event: PointerEvent<SVGSVGElement>) {
    const current = drag.current
    if (!current) return
    const point = drawingPoint(event)
    const by = { x: point.x - current.from.x, y: point.y - current.from.y }
    onChange(
      setRect(current.layout, current.item, movedRect(current.rect, by, current.resize), grid),
    )
  }

  function keyDown(event: KeyboardEvent<SVGSVGElement>) {
    const item = itemAt(event.target)
    if (!item) return
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      onSelect(item)
      return
    }
    const arrow = ARROWS[event.key]
    const rect = rectOf(layout, item)
    if (!arrow || !rect) return
    event.preventDefault()
    onSelect(item)
    const by = { x: arrow.x * grid, y: arrow.y * grid }
    onChange(setRect(layout, item, movedRect(rect, by, event.shiftKey), grid))
  }

  return (
    <svg
      ref={svg}
      className="site-map layout-canvas"
      viewBox={`0 0 ${width} ${height}`}
      role="group"
      aria-label="The layout being drawn"
      // Its shapes are the ground's sizes; each is also chosen from the Shape to edit list.
      data-targets-elsewhere="Shape to edit"
      onPointerDown={startDrag}
      onPointerMove={continueDrag}
      onPointerUp={() => (drag.current = undefined)}
      onPointerCancel={() => (drag.current = undefined)}
      onKeyDown={keyDown}
    >
      <defs>
        <pattern id={gridId} width={grid} height={grid} patternUnits="userSpaceOnUse">
          <path className="layout-canvas__grid-line" d={`M ${grid} 0 L 0 0 0 ${grid}`} />
        </pattern>
      </defs>
      {backgroundUrl && (
        <image href={backgroundUrl} width={width} height={height} aria-hidden="true" />
      )}
      <rect width={width} height={height} fill={`url(#${gridId})`} aria-hidden="true" />
      {layout.features.map((feature, index) => {
        const item: LayoutItem = { type: 'feature', index }
        return (
          <g
            key={`feature-${index}`}
            className={itemClass(`map-feature map-${feature.kind}`, sameItem(selected, item))}
            data-item-type="feature"
            data-item-index={index}
            role="button"
            tabIndex={0}
            aria-label={feature.name}
            aria-pressed={sameItem(selected, item)}
          >
            <Shape shape={feature.shape} className="map-feature__shape" />
            {feature.label && (
              <text
                className="map-feature__label"
                x={feature.label.x}
                y={feature.label.y}
                textAnchor="middle"
                dominantBaseline="central"
              >
                {feature.label.text}
              </text>
            )}
          </g>
        )
      })}
      {layout.plots.map((plot, index) => {
        const item: LayoutItem = { type: 'plot', index }
        return (
          <g
            key={`plot-${index}`}
            className={itemClass('plot', sameItem(selected, item))}
            data-item-type="plot"
            data-item-index={index}
            role="button"
            tabIndex={0}
            aria-label={`Plot ${plot.id}`}
            aria-pressed={sameItem(selected, item)}
          >
            <Shape shape={plot.shape} className="plot__shape" />
            <text className="plot__label" x={plot.label.x} y={plot.label.y} dy="0.35em">
              {plot.id}
            </text>
          </g>
        )
      })}
      {selected && selectedRect && (
        <ResizeHandle item={selected} rect={selectedRect} size={Math.max(width, height) / 60} />
      )}
    </svg>
  )
}

const itemClass = (base: string, selected: boolean) =>
  `${base} layout-item${selected ? ' layout-item--selected' : ''}`

function ResizeHandle({ item, rect, size }: { item: LayoutItem; rect: RectShape; size: number }) {
  return (
    <rect
      className="layout-canvas__handle"
      data-item-type={item.type}
      data-item-index={item.index}
      data-handle="resize"
      x={rect.x + rect.width - size / 2}
      y={rect.y + rect.height - size / 2}
      width={size}
      height={size}
      aria-hidden="true"
    />
  )
}
