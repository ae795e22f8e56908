import { plotStatus, statusesSeen, statusSeenBy } from '#shared/domain/plots'
import type { PlotStates } from '#shared/schemas/site-map'
import type { Db } from '#server/core/db/database'
import { plotsWithOpenOffers } from '#server/features/letting/sql'
import { listPlots } from '#server/features/plots/sql'

/**
 * Each plot's state on one site's map, told only as finely as the viewer's level may know it
 * (issue 44): a plot holder's answer says let or vacant, and never carries the rent or the
 * offers. By the plot's name, as the site's drawing names it (decision 49: its key may be "1-2").
 */
export async function plotStates(db: Db, siteId: number, level: number): Promise<PlotStates> {
  const seen = statusSeenBy(level)
  const [plots, offered] = await Promise.all([
    listPlots(db.kysely, { sites: [siteId] }),
    seen.offers ? plotsWithOpenOffers(db.kysely) : new Set<string>(),
  ])
  const states: PlotStates['plots'] = {}
  for (const plot of plots) states[plot.name] = plotStatus(plot, seen, offered.has(plot.id))
  return { shown: statusesSeen(seen), plots: states }
}

/** The answer's cache key: one answer for each way of seeing, not one per level. */
export function plotStatesVariant(level: number): string {
  const { rent, offers } = statusSeenBy(level)
  return `seen-${Number(rent)}${Number(offers)}`
}
