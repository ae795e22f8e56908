// An SVG site drawing as a drawing program saves one: plots named "plot-N" (ids) inside a moved
// layer, a path and a shed as background, colours in style attributes. `plots` rectangles in rows
// of `columns`; the drawing is in pixels, so the import has to rescale it. `trees` circles in a
// layer of their own make a busy background: the drawing has plots + trees + 6 elements.
export function sampleDrawing({ plots = 6, columns = 3, trees = 0 } = {}): string {
  const rows = Math.ceil(plots / columns)
  const [plotWidth, plotHeight, gap] = [40, 30, 10]
  const width = columns * (plotWidth + gap) + 40
  const height = rows * (plotHeight + gap) + 60
  const shapes = Array.from({ length: plots }, (_, i) => {
    const x = (i % columns) * (plotWidth + gap)
    const y = Math.floor(i / columns) * (plotHeight + gap)
    return `<rect id="plot-${i + 1}" x="${x}" y="${y}" width="${plotWidth}" height="${plotHeight}" style="fill:#dccba6;stroke:#7a6446"/>`
  })
  const circles = Array.from(
    { length: trees },
    (_, i) => `<circle cx="${(i * 7) % width}" cy="${(i * 13) % height}" r="3" fill="#6b8e4e"/>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect id="grass" x="0" y="0" width="${width}" height="${height}" style="fill:#e5ecd6"/>
  <path id="main-path" d="M10 ${height - 40} H${width - 10}" style="stroke:#c8bfa9;stroke-width:8"/>
  <g inkscape:label="Plots" transform="translate(20,20)">
    ${shapes.join('\n    ')}
  </g>
  <g inkscape:label="Trees">${circles.join('')}</g>
  <text x="20" y="${height - 10}" style="font-size:12px">Shed</text>
</svg>`
}

/** `groups` groups inside one another, each named as a plot ("plot-1" outermost), around one
 * rectangle: the drawing nests groups + 2 elements deep (the <svg>, the groups, the rectangle). */
export function nestedDrawing(groups: number): string {
  const open = Array.from({ length: groups }, (_, i) => `<g id="plot-${i + 1}">`).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${open}<rect x="10" y="10" width="20" height="20"/>${'</g>'.repeat(groups)}</svg>`
}

export const svgFile = (text: string, name = 'site.svg') => ({
  bytes: Buffer.from(text),
  name,
  type: 'image/svg+xml',
})
