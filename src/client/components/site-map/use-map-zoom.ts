import { useLayoutEffect, useRef, useState } from 'react'

// The map's zoom: the drawing drawn at 1× to 6× its box's width inside a box that scrolls, so a
// finger pans it and the page's own pinch zooms it. A map whose plots are links, or show their
// states, opens at the first zoom at which its smallest plot is a 44 px target, where its labels
// are readable too; on a desktop that is 1×, on a phone a site of seventy plots opens at 3×.
// Zooming keeps the middle of the view where it was.
const ZOOMS = [1, 1.5, 2, 3, 4, 6] as const
const LEAST_TARGET = 44
// A council site has thousands of plots; the smallest of the first few hundred is enough.
const MEASURED_PLOTS = 300

export function useMapZoom(fitTargets: boolean) {
  const box = useRef<HTMLDivElement>(null)
  const [zoom, setZoom] = useState(0)
  const shown = useRef(0)

  useLayoutEffect(() => {
    const element = box.current
    if (!fitTargets || !element) return
    const plots = [...element.querySelectorAll('[data-plot-id]')].slice(0, MEASURED_PLOTS)
    const smallest = Math.min(
      ...plots.map((plot) => {
        const { width, height } = plot.getBoundingClientRect()
        return Math.min(width, height)
      }),
    )
    if (!Number.isFinite(smallest) || smallest <= 0) return
    const fits = ZOOMS.findIndex((level) => smallest * level >= LEAST_TARGET)
    setZoom(fits === -1 ? ZOOMS.length - 1 : fits)
  }, [fitTargets])

  useLayoutEffect(() => {
    const element = box.current
    const before = ZOOMS[shown.current]!
    const after = ZOOMS[zoom]!
    shown.current = zoom
    if (!element || before === after) return
    const middle = (element.scrollLeft + element.clientWidth / 2) / before
    const centre = (element.scrollTop + element.clientHeight / 2) / before
    element.scrollLeft = middle * after - element.clientWidth / 2
    element.scrollTop = centre * after - element.clientHeight / 2
  }, [zoom])

  return {
    box,
    width: `${ZOOMS[zoom]! * 100}%`,
    zoomed: zoom > 0,
    zoomIn: zoom < ZOOMS.length - 1 ? () => setZoom(zoom + 1) : undefined,
    zoomOut: zoom > 0 ? () => setZoom(zoom - 1) : undefined,
  }
}
