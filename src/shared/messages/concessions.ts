// Concessions of kinds, given to people for a time (issue 47, item 1): the kinds, the grants on a
// person's page, the list of those ending before the next rent year, and the invoice's line.

import { kindMessages } from '#shared/messages/kinds'
import { longDate } from '#shared/domain/dates'

export const concessionMessages = {
  // An invoice's line: the kind's name and what it takes off.
  percentOff: (percent: number, ofExtras: boolean) =>
    `${percent}% off the rent${ofExtras ? ' and extras' : ''}`,
  fixedOff: (amount: string, ofExtras: boolean) =>
    `${amount} off the rent${ofExtras ? ' and extras' : ''}`,
  /** The rent settings' one percentage, for a person with the concession flag (before issue 47). */
  flagLine: (percent: number) => `Concession: ${percent}% off the rent`,
  invoiceLine: (name: string, terms: string) => `Concession (${name}): ${terms}`,
  // The server's refusals.
  percentOrFixed: 'Give either a percentage or a fixed amount off, not both.',
  kindMissing: (id: number) => `There is no concession kind ${id}.`,
  grantMissing: (id: number) => `There is no concession ${id}.`,
  evidenceRequired: 'Say what evidence was seen.',
  notTheirPlot: (plot: string) => `They do not hold plot ${plot}: choose one of their plots.`,
  endBeforeStart: 'The end date must not be before the start date.',
  // The screens.
  heading: 'Concessions',
  kindsHeading: 'Concession kinds',
  noGrants: 'No concessions given.',
  grantConcession: 'Give a concession',
  endConcession: 'End this concession',
  kindLabel: 'Kind',
  chooseKind: 'Choose a kind',
  kindRequired: 'Choose the kind of concession.',
  evidenceLabel: 'Evidence seen',
  startsOnLabel: 'From',
  endsOnLabel: 'Until (leave empty for no end)',
  endOnLabel: 'Ends on',
  forLabel: 'For',
  allTheirPlots: 'All their plots',
  forPlot: (plot: string) => `plot ${plot} only`,
  renewForYear: (date: string) => `Renew until ${longDate(date)}`,
  renewed: (name: string, date: string) => `${name}'s concession now ends on ${longDate(date)}.`,
  granted: 'The concession was given.',
  ended: 'The concession was ended.',
  untilText: (date: string | null) => (date ? `until ${longDate(date)}` : 'no end date'),
  grantedByText: (by: string, evidence: string) => `Given by ${by}; evidence seen: ${evidence}`,
  // The administrator's kinds.
  noKinds: 'No kinds of concession yet.',
  addUsualKinds: 'Add the usual kinds',
  addKind: 'Add a kind of concession',
  changeKind: (name: string) => `Change the concession kind ${name}`,
  changeHint:
    'Invoices already made keep what they took off; those made from now on follow the change.',
  kindNameLabel: 'Name',
  reductionLegend: 'What it takes off',
  byPercent: 'A percentage',
  byFixed: 'A fixed amount',
  percentLabel: 'Percentage off',
  fixedLabel: 'Amount off (£)',
  appliesLegend: 'Off what',
  appliesTo: { rent: 'The rent', rentAndExtras: 'The rent and the extras' },
  percentRange: 'Give a whole percentage from 1 to 100.',
  ...kindMessages,
  endingHeading: 'Concessions ending before the next rent year',
  noneEnding: 'No concession ends before the next rent year.',
  endingRow: (name: string, kind: string, endsOn: string) =>
    `${name}: ${kind}, ends on ${longDate(endsOn)}`,
  nextYearStarts: (date: string) => `The next rent year starts on ${longDate(date)}.`,
  askForEvidence: 'Ask them for fresh evidence',
}
