import { blankPlot, NEW_PLOT_FORM_GRADIENT } from '#shared/domain/plots'
import type { Gradient, Plot } from '#shared/schemas/plot'

// What the form holds while someone types: numbers stay text until the shared schema parses
// them, so '12.5' reaches the schema (and its message) instead of being rounded by the browser.
export type PlotFormValues = {
  id: string
  description: string
  area: string
  distance: string
  fee: string
  gradient: Gradient
  paid: boolean
  showOnGrid: boolean
  isNew: boolean
  isFailed: boolean
}

export function formValues(plot: Plot): PlotFormValues {
  return {
    id: plot.id,
    description: plot.description,
    area: String(plot.area),
    distance: String(plot.distance),
    fee: String(plot.fee),
    gradient: plot.gradient,
    paid: plot.paid,
    showOnGrid: plot.showOnGrid,
    isNew: plot.isNew,
    isFailed: plot.isFailed,
  }
}

// Spec sections 3 and 9: the blank record's defaults, but the new plot form starts on slope.
export const newPlotValues = (): PlotFormValues => ({
  ...formValues(blankPlot('')),
  gradient: NEW_PLOT_FORM_GRADIENT,
})
