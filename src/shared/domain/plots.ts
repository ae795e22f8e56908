import { plotMessages } from '#shared/messages/plots'
import type { Gradient, Plot } from '#shared/schemas/plot'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { nameKeys, normaliseName, type PersonName } from '#shared/domain/person-names'
import { LEVELS } from '#shared/domain/levels'

export const MAX_TENANTS_PER_PLOT = 4
export const PLOT_FILTER_MIN_LENGTH = 2
export const NEW_PLOT_FORM_GRADIENT: Gradient = 'slope'

// Numeric collation puts plot '9' before '10' and '66' before '66b' before '67'.
const plotIdCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

export function comparePlotIds(a: string, b: string): number {
  const byNumber = plotIdCollator.compare(a, b)
  if (byNumber !== 0) return byNumber
  // '01' and '1' collate equal; a plain comparison keeps the order total and stable.
  return a < b ? -1 : a > b ? 1 : 0
}

// Spec section 3 says a blank record is occupied even without tenants; saving it through the
// API derives occupied from the tenants again.
/** The spec's blank plot, named `id`, on the installation's first site unless another is given. */
export function blankPlot(id: string, siteId = 1): Plot {
  return {
    id,
    name: id,
    siteId,
    description: '',
    area: 100,
    distance: 0,
    fee: 45,
    sizeBand: null,
    gradient: 'flat',
    paid: false,
    showOnGrid: true,
    isNew: false,
    isFailed: false,
    tenants: [],
    payer: '',
    occupied: true,
    version: 1,
  }
}

export function isOccupied(tenants: readonly string[]): boolean {
  return tenants.length > 0
}

function withTenants(plot: Plot, tenants: string[]): Plot {
  return { ...plot, tenants, occupied: isOccupied(tenants) }
}

// A plot's first tenant pays; one who joins them does not, until chosen.
export function addTenant(plot: Plot, personId: string): Outcome<Plot> {
  if (plot.tenants.includes(personId)) return ok(plot)
  if (plot.tenants.length >= MAX_TENANTS_PER_PLOT) return refuse(plotMessages.fourTenantsOnly)
  return ok({
    ...withTenants(plot, [...plot.tenants, personId].sort()),
    payer: plot.payer || personId,
  })
}

// When the payer leaves, who pays next is the longest-standing of those left (payerOf), which
// the plots' store works out from their dates.
export function removeTenant(plot: Plot, personId: string): Plot {
  return {
    ...withTenants(
      plot,
      plot.tenants.filter((tenant) => tenant !== personId),
    ),
    payer: plot.payer === personId ? '' : plot.payer,
  }
}

/** A tenancy as the choice of a plot's payer reads it. */
export interface TenantOf {
  personId: string
  /** Chosen as the plot's payer. */
  pays: boolean
  dateJoined: string
}

/**
 * Who pays a plot's rent (issue 43): the tenant chosen on the plot, or else the longest-standing,
 * then by nickname; '' for a vacant plot.
 */
export function payerOf(tenants: readonly TenantOf[]): string {
  const chosen = tenants.find((tenant) => tenant.pays)
  if (chosen) return chosen.personId
  const [first] = [...tenants].sort(
    (a, b) => a.dateJoined.localeCompare(b.dateJoined) || a.personId.localeCompare(b.personId),
  )
  return first?.personId ?? ''
}

/** Whether `personId` may be chosen to pay the plot's rent: one of its tenants. */
export const checkPayer = (
  plot: Pick<Plot, 'id' | 'tenants'>,
  personId: string,
): Outcome<string> =>
  plot.tenants.includes(personId)
    ? ok(personId)
    : refuse(plotMessages.payerNotTenant(personId, plot.id))

type FilterablePlot = Pick<Plot, 'tenants' | 'paid' | 'isNew' | 'isFailed'>

// Occupancy is read from the tenants, which cannot disagree with them (spec section 4).
const KEYWORDS: Record<string, (plot: FilterablePlot) => boolean> = {
  empty: (plot) => !isOccupied(plot.tenants),
  paid: (plot) => isOccupied(plot.tenants) && plot.paid,
  unpaid: (plot) => isOccupied(plot.tenants) && !plot.paid,
  new: (plot) => plot.isNew,
  failed: (plot) => plot.isFailed && isOccupied(plot.tenants),
  lapsed: (plot) => plot.isFailed && isOccupied(plot.tenants) && !plot.paid,
}

// Spec section 5: anything but a keyword matches tenant nicknames. When the tenants' names are
// known (the committee's screens), it matches them too, as the people filter does: 'first last'
// or 'last first', so that a surname finds its plots.
export function filterPlots<T extends FilterablePlot>(
  plots: readonly T[],
  query: string,
  tenantNames: ReadonlyMap<string, PersonName> = new Map(),
): T[] {
  const text = query.trim().toLowerCase()
  if (text.length < PLOT_FILTER_MIN_LENGTH) return [...plots]
  const keyword = Object.hasOwn(KEYWORDS, text) ? KEYWORDS[text] : undefined
  if (keyword) return plots.filter(keyword)
  const wanted = normaliseName(text)
  const nameMatches = (id: string) => {
    const name = tenantNames.get(id)
    return name !== undefined && nameKeys(name).some((key) => key.startsWith(wanted))
  }
  return plots.filter((plot) =>
    plot.tenants.some((id) => id.toLowerCase().startsWith(text) || nameMatches(id)),
  )
}

/**
 * A plot's state on the site map, its key, the grid's cards and its page, in the key's order:
 * 'let' is a let plot to someone not told of its rent; 'occupied' and 'unpaid' are let plots with
 * the rent paid or owing; 'offered' a vacant plot with an open offer.
 */
export const PLOT_STATUSES = ['vacant', 'offered', 'let', 'occupied', 'unpaid'] as const
export type PlotStatus = (typeof PLOT_STATUSES)[number]

/** What of a plot's state its viewer is told: whether its rent is paid, whether it is offered. */
export interface StatusSeen {
  rent: boolean
  offers: boolean
}

/**
 * What each level is told of the plots on the map (issue 44): a plot holder whether a plot is let,
 * never a neighbour's rent nor the committee's offers; land access the paid flags its Plots screen
 * shows; the committee everything.
 */
export function statusSeenBy(level: number): StatusSeen {
  return { rent: level >= LEVELS.land, offers: level >= LEVELS.committee }
}

/** The states a viewer told `seen` can meet, for the map's key. */
export function statusesSeen(seen: StatusSeen): PlotStatus[] {
  return PLOT_STATUSES.filter((status) => {
    if (status === 'offered') return seen.offers
    if (status === 'let') return !seen.rent
    if (status === 'occupied' || status === 'unpaid') return seen.rent
    return true
  })
}

// Shading of a plot on the site map; without `seen`, as the plots screens know it (level 2 up).
export function plotStatus(
  plot: Pick<Plot, 'tenants' | 'paid'>,
  seen: StatusSeen = { rent: true, offers: false },
  offered = false,
): PlotStatus {
  if (!isOccupied(plot.tenants)) return seen.offers && offered ? 'offered' : 'vacant'
  if (!seen.rent) return 'let'
  return plot.paid ? 'occupied' : 'unpaid'
}
