// Plots and their tenants: a plot's record, its checks, and the plots screens (the grid, the map,
// adding tenants).

import type { PlotStatus } from '#shared/domain/plots'
import { counted } from '#shared/domain/text'

export const plotMessages = {
  plotNameInUse: 'Plot name already in use!',
  fourTenantsOnly: 'Only four tenants allowed per plot',
  plotNameReserved: "'new' cannot be a plot name. Choose another name.",
  // Our own additions: the spec leaves these rules unstated, so their wording is ours.
  plotNameRequired: 'The plot name must be filled in!',
  plotNameCharacters: 'A plot name may use letters, digits, spaces and hyphens.',
  invalidGradient: 'The gradient must be slope or flat.',
  areaWholeNumber: 'Area must be a whole number of square metres, from 0 to 1,000,000.',
  distanceWholeNumber: 'Distance must be a whole number of metres, from 0 to 1,000,000.',
  areaInRods: 'Area must be a number of rods to a tenth, such as 10 or 4.5, at most 39,541.',
  sizeBand: { full: 'Full plot', half: 'Half plot', quarter: 'Quarter plot' },
  sizeBandNone: 'The rent settings’ charge',
  sizeBandHint: 'A full, half or quarter plot pays that fee of the rent settings.',
  plotMissing: (id: string) => `There is no plot named '${id}'.`,
  payerRequired: "Who pays: choose one of the plot's tenants.",
  payerNotTenant: (personId: string, plotId: string) =>
    `Who pays: ${personId} is not a tenant of plot ${plotId}.`,
  // The screens' own hints, notes and notices: our wording.
  findPersonHint: 'First and last name, nickname or phone number.',
  tenantAdded: (personId: string, plotId: string) => `${personId} added to plot ${plotId}.`,
  tenantRemoved: (personId: string, plotId: string) => `${personId} removed from plot ${plotId}.`,
  whoPaysHint:
    'Their invoices and reminders go to them; the others’ letters say who pays. An invoice already sent stays as it is.',
  // {plots} names them: "plot 3", "plots 3 and 4".
  paysTheRent: (name: string, plots: string) => `${name} pays the rent of ${plots}`,
  /** `{amountDue}` of a tenant another pays for: still an amount, so "You owe {amountDue}." reads. */
  owesNothingAsPaidBy: (nothing: string, whoPays: string) => `${nothing} (${whoPays})`,
  payerChosen: (name: string, plotId: string) => `${name} now pays the rent of plot ${plotId}.`,
  // The keywords are spelled out because nothing else on the screen would reveal them.
  plotsFilterHint:
    'At least 2 characters: a plot holder’s name or nickname, or one of empty, paid, unpaid, new, failed, lapsed.',
  plotsMatch: (count: number) => `${counted(count, 'plot')} match; the others are faded.`,
  choosePlotOnMap: 'Choose a plot to open its page.',
  // The map's key, the grid's cards and a plot's page say a plot's state alike. A plot whose rent
  // is unpaid is let all the same (the key's "Occupied" and "Unpaid" read as if it were not).
  plotStatus: {
    vacant: 'Vacant',
    offered: 'Vacant, offered',
    let: 'Let',
    occupied: 'Let, rent paid',
    unpaid: 'Let, rent unpaid',
  } satisfies Record<PlotStatus, string>,
} as const
