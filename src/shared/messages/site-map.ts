// The site map (issue 14): drawn in the browser or imported as SVG, kept in the database.

export const siteMapMessages = {
  zoomedMap: 'The map, zoomed in: scroll or drag to move around it',
  noSiteMapYet: 'No site map yet.',
  ownPlot: (id: string) => `Plot ${id}: your plot`,
  noSiteMapYetAdmin: 'No site map yet: import a drawing or draw one on the site map screen.',
  featureNameRequired: 'Every feature needs a name.',
  plotDrawnTwice: (id: string) => `Plot ${id} is drawn twice; each plot may be drawn once.`,
  drawnPlotNameInvalid: (label: string, problem: string) =>
    `The drawing names a plot "${label}": ${problem}`,
  drawnPlotEmpty: (id: string) => `Plot ${id} has no outline in the drawing.`,
  chooseDrawing: 'Choose an SVG drawing to import.',
  oneDrawingOnly: 'Import one drawing at a time.',
  drawingTooLarge: 'The drawing is larger than 5 MB.',
  drawingTooDeep: (depth: number) =>
    `The drawing nests groups more than ${depth.toLocaleString('en-GB')} deep. Ungroup them in your drawing program and import it again.`,
  drawingTooManyElements: (elements: number) =>
    `The drawing has more than ${elements.toLocaleString('en-GB')} shapes, groups and texts. Simplify it in your drawing program (remove hidden layers, combine shapes) and import it again.`,
  drawingTooManyAttributes: (attributes: number) =>
    `A shape in the drawing has more than ${attributes.toLocaleString('en-GB')} attributes. Simplify it in your drawing program and import it again.`,
  drawingTooComplex:
    'The drawing took too long to read. Simplify it in your drawing program (remove hidden layers, combine shapes) and import it again.',
  drawingTooManyPlots: (plots: number) =>
    `The drawing has more than ${plots.toLocaleString('en-GB')} plots; the site map holds at most that many.`,
  notADrawing: 'The file is not an SVG drawing.',
  drawingHasScript:
    'The drawing contains a script or an embedded web page, which the site map will not keep. Save it again without them.',
  drawingHasNoSize: 'The drawing has no size: give its <svg> a viewBox, or a width and a height.',
  drawingHasNoPlots:
    'No plots were found in the drawing: name each plot\'s shape "plot 12" (in its id, its label or its title).',
  drawingHint:
    'An SVG file of at most 5 MB. Name each plot\'s shape "plot 12" (in its id, its label or its title); everything else is kept as the background.',
  drawingImported: (count: number) => `The drawing was imported with ${count} plots.`,
  siteMapSaved: 'The site map was saved.',
  layoutEditorHint:
    'Drag a shape to move it, or its corner to resize it. With a shape chosen, the arrow keys move it and Shift with an arrow key resizes it.',
  chooseLayoutItem: 'Choose a plot or a feature on the drawing to change it.',
  outlineFromDrawing:
    'This outline came from an imported drawing: it can be renamed or removed here, not moved.',
  everyDrawnPlotRecorded: 'Every plot on the drawing has a record already.',
  plotsCreated: (count: number) =>
    count === 1 ? 'One plot was created.' : `${count} plots were created.`,
} as const
