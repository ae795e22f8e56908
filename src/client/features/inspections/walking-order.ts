import type { RoundDetail } from '#shared/schemas/inspections'

/**
 * The plot after `current` in walking order that has not been seen, going round to the start;
 * `current` itself when every other plot has been seen.
 */
export function nextUnseen(
  plots: RoundDetail['plots'],
  seen: ReadonlySet<string>,
  current: string,
): string {
  const at = plots.findIndex((plot) => plot.id === current)
  for (let step = 1; step <= plots.length; step++) {
    const plot = plots[(at + step) % plots.length]!
    if (!seen.has(plot.id) && plot.id !== current) return plot.id
  }
  return current
}
