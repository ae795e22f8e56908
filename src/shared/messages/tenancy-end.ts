// A tenant who leaves (issue 44, item 4): the day their tenancy ends and why, the former tenant
// kept for the records, and the plot offered to the waiting list. Our wording: the spec has no
// leaving. "Died" is said plainly and once; nothing is sent to the person about their leaving.

import { longDate } from '#shared/domain/dates'

export const tenancyEndMessages = {
  reasons: {
    gaveUp: 'Gave up the plot',
    movedAway: 'Moved away',
    died: 'Died',
    committee: 'Tenancy ended by the committee',
  },
  /** Beside the reasons in the form: a tenant added in error leaves without a record. */
  mistake: 'Added by mistake: take them off without recording an end',
  reasonLegend: 'Why is the tenancy ending?',
  reasonRequired: 'Choose why the tenancy is ending.',
  invoicesUnread: "The plot's invoices are still being read. Try again in a moment.",
  endedOnLabel: 'Date the tenancy ends',
  endedOnHint: 'Today, unless it ended earlier.',
  endedBeforeBegan: (beganOn: string) =>
    `This tenancy began on ${longDate(beganOn)}: it cannot end before then.`,
  endedAfterToday: 'A tenancy cannot be ended on a day still to come: record it on the day.',
  notTenant: (personId: string, plotId: string) => `${personId} is not a tenant of plot ${plotId}.`,
  formLabel: (name: string, plotId: string) => `End ${name}'s tenancy of plot ${plotId}`,
  endButton: 'End the tenancy',
  removeButton: (name: string) => `Remove ${name}`,
  diedNote:
    'Nothing is sent to them about it, and no reminder of rent goes to them from now on. If they are on the waiting list too, they are taken off it.',
  otherPlots: (name: string, plots: string) =>
    `${name} also holds ${plots}: end that tenancy on its own.`,
  ended: (name: string, plotId: string, endedOn: string) =>
    `${name}'s tenancy of plot ${plotId} ended on ${longDate(endedOn)}.`,
  nowVacant: (plotId: string) => `Plot ${plotId} is vacant now.`,
  offerToList: (plotId: string) => `Offer plot ${plotId} to the waiting list`,
  keepVacant: (plotId: string) => `Keep plot ${plotId} vacant for now`,
  stillLet: (plotId: string, names: string) => `Plot ${plotId} stays with ${names}.`,
  stillHolds: (name: string, plots: string) => `${name} still holds ${plots}.`,
  whichPlot: 'Which plot?',
  // The former tenant, on their page and in the list of former tenants.
  formerTenant: 'Former tenant',
  formerTenantStatus: (plotId: string, endedOn: string, reason: string) =>
    `Former tenant: plot ${plotId}, ended on ${longDate(endedOn)} (${reason})`,
  endsHeading: 'Tenancies ended',
  endRow: (plotId: string, beganOn: string, endedOn: string, reason: string) =>
    `Plot ${plotId}, ${longDate(beganOn)} to ${longDate(endedOn)}: ${reason}.`,
  formerTenantsHeading: 'Former Tenants',
  formerTenantsIntro:
    'Tenants who have left and hold no plot, kept for the records until the privacy settings say their details go (counted from the day their tenancy ended).',
  noFormerTenants: 'No former tenants yet.',
  columns: { name: 'Name', plot: 'Plot', endedOn: 'Tenancy ended', reason: 'Why' },
  // The plot's history.
  historyEnded: (name: string) => `${name}'s tenancy ended`,
  historyEndDetail: (reason: string, beganOn: string) =>
    `${reason}. Tenant since ${longDate(beganOn)}.`,
} as const
