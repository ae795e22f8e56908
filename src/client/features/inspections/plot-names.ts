import type { RoundDetail } from '#shared/schemas/inspections'

// A round shows each plot by its name on the round's site ("1"); its records name the plot by its
// key ("1-2" for the second site's "1", decision 43), and so does what is kept on the phone.

/**
 * A plot's name. A round kept on the phone from before plots had names (issue 46) has none: its
 * key is shown, which was its name on the one site there was.
 */
export const nameOf = (plot: { id: string; name?: string }) => plot.name ?? plot.id

/** The name of a plot by its key; a key the round does not list, as it is. */
export type PlotName = (plotId: string) => string

export function plotNames(plots: RoundDetail['plots']): PlotName {
  const names = new Map(plots.map((plot) => [plot.id, nameOf(plot)]))
  return (plotId) => names.get(plotId) ?? plotId
}
