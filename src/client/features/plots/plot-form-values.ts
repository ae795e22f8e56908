import type { z } from 'zod'
import { areaInput, parseArea, type AreaUnit, type SizeBand } from '#shared/domain/area'
import { feeInput } from '#shared/domain/money'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { blankPlot, NEW_PLOT_FORM_GRADIENT } from '#shared/domain/plots'
import type { Gradient, Plot } from '#shared/schemas/plot'

// What the form holds while someone types: numbers stay text until the shared schema parses
// them, so '12.5' reaches the schema (and its message) instead of being rounded by the browser.
// The area is typed in the society's unit (square metres or rods) and sent in square metres.
export type PlotFormValues = {
  id: string
  description: string
  area: string
  distance: string
  fee: string
  sizeBand: SizeBand | ''
  gradient: Gradient
  paid: boolean
  showOnGrid: boolean
  isNew: boolean
  isFailed: boolean
}

export function formValues(plot: Plot, unit: AreaUnit): PlotFormValues {
  return {
    id: plot.id,
    description: plot.description,
    area: areaInput(plot.area, unit),
    distance: String(plot.distance),
    fee: feeInput(plot.fee),
    sizeBand: plot.sizeBand ?? '',
    gradient: plot.gradient,
    paid: plot.paid,
    showOnGrid: plot.showOnGrid,
    isNew: plot.isNew,
    isFailed: plot.isFailed,
  }
}

// Spec sections 3 and 9: the blank record's defaults, but the new plot form starts on slope.
export const newPlotValues = (unit: AreaUnit): PlotFormValues => ({
  ...formValues(blankPlot(''), unit),
  gradient: NEW_PLOT_FORM_GRADIENT,
})

/**
 * What the form says, read by the shared schema with the area in square metres, or the first
 * thing wrong with it, naming its field so that the form shows it there.
 */
export function readPlotForm<T>(
  values: PlotFormValues & { version?: number },
  unit: AreaUnit,
  schema: z.ZodType<T>,
): Outcome<T> {
  const area = parseArea(values.area, unit)
  if (!area.ok) return refuse(area.message, 'area')
  const parsed = schema.safeParse({
    ...values,
    area: area.value,
    sizeBand: values.sizeBand || null,
  })
  if (parsed.success) return ok(parsed.data)
  const [issue] = parsed.error.issues
  return refuse(issue?.message ?? '', String(issue?.path[0] ?? ''))
}
