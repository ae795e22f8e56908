// An SVG site drawing as a drawing program saves one: plots named "plot-N" (ids) inside a moved
// layer, a path and a shed as background, colours in style attributes. `plots` rectangles in rows
// of `columns`; the drawing is in pixels, so the import has to rescale it.
export function sampleDrawing({ plots = 6, columns = 3 } = {}): string {
  const rows = Math.ceil(plots / columns)
  const [plotWidth, plotHeight, gap] = [40, 30, 10]
  const width = columns * (plotWidth + gap) + 40
  const height = rows * (plotHeight + gap) + 60
  const shapes = Array.from({ length: plots }, (_, i) => {
    const x = (i % columns) * (plotWidth + gap)
    const y = Math.floor(i / columns) * (plotHeight + gap)
    return `<rect id="plot-${i + 1}" x="${x}" y="${y}" width="${plotWidth}" height="${plotHeight}" style="fill:#dccba6;stroke:#7a6446"/>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect id="grass" x="0" y="0" width="${width}" height="${height}" style="fill:#e5ecd6"/>
  <path id="main-path" d="M10 ${height - 40} H${width - 10}" style="stroke:#c8bfa9;stroke-width:8"/>
  <g inkscape:label="Plots" transform="translate(20,20)">
    ${shapes.join('\n    ')}
  </g>
  <text x="20" y="${height - 10}" style="font-size:12px">Shed</text>
</svg>`
}

export const svgFile = (text: string, name = 'site.svg') => ({
  bytes: Buffer.from(text),
  name,
  type: 'image/svg+xml',
})
