// A drawing names its plots as their site does ("1"); every record, and every address, names a
// plot by its key ("1-2" for the second site's "1", decision 43). A name is matched in any case,
// as the site's own names are unique in any case.

/** How a drawn name and a plot's name are compared. */
export const nameKey = (name: string) => name.toLowerCase()

/**
 * The key of the plot a drawing names, among one site's plots; the name itself when none has it
 * (with one site, the name is the key).
 */
export function keysByName(plots: readonly { id: string; name: string }[]) {
  const keys = new Map(plots.map((plot) => [nameKey(plot.name), plot.id]))
  return (name: string) => keys.get(nameKey(name)) ?? name
}
