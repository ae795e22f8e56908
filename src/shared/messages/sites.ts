// Sites (issue 46): the spec has one site, so these words are ours.

import { commonMessages } from '#shared/messages/common'

export const siteMessages = {
  heading: 'Sites',
  settingsLinkNote: 'add, rename and retire sites, with their addresses and facilities.',
  intro:
    'Each site has its own plots, map and waiting list. People are kept once, whichever sites they hold a plot on or wait for.',
  nameLabel: 'Site name',
  nameRequired: 'The site needs a name.',
  nameInUse: 'Another site already has that name.',
  addressLabel: 'Address',
  descriptionLabel: 'Short description for the public',
  facilitiesLegend: 'Facilities',
  noFacilities: 'None',
  facilities: {
    water: 'Water',
    toilets: 'Toilets',
    parking: 'Parking',
    stepFree: 'Step-free access',
  },
  addHeading: 'Add a site',
  addButton: 'Add the site',
  saveButton: 'Save the site',
  added: (name: string) => `${name} is added.`,
  saved: (name: string) => `${name} is saved.`,
  retireButton: (name: string) => `Retire ${name}`,
  retired: (name: string) => `${name} is retired. Its records are kept.`,
  retiredOption: (name: string) => `${name} (retired)`,
  retiredOn: (date: string) => `Retired on ${date}`,
  reopenButton: (name: string) => `Bring ${name} back`,
  reopened: (name: string) => `${name} is back in use.`,
  siteMissing: 'That site does not exist.',
  siteRetired: 'That site is retired: bring it back before adding to it.',
  stillLet: (name: string, plots: number) =>
    `${name} still has ${plots === 1 ? '1 plot' : `${plots} plots`} let. End those tenancies before retiring the site.`,
  lastSite: 'The last site in use cannot be retired.',
  /** The chooser above the lists that can show one site or all. */
  chooserLabel: 'Site',
  allSites: 'All sites',
  chooseSiteForMap: 'Each site has its own map: choose a site above to see it.',
  plotCount: (plots: number) => (plots === 1 ? '1 plot' : `${plots} plots`),
  editHeading: (name: string) => `Edit ${name}`,
  // How a plot is named (commonMessages: every screen naming plots loads them, not these).
  plotOnSite: commonMessages.plotOnSite,
  plotElsewhere: commonMessages.plotElsewhere,
} as const
