// Deposits held to be given back (issue 47, item 2): the kinds, a person's deposits taken,
// returned and kept, the plot's history and the treasurer's list of deposits held.

import { kindMessages } from '#shared/messages/kinds'
import { longDate } from '#shared/domain/dates'

export const depositMessages = {
  // The server's refusals.
  kindMissing: (id: number) => `There is no deposit kind ${id}.`,
  depositMissing: (id: number) => `There is no deposit ${id}.`,
  plotMissing: (plot: string) => `There is no plot ${plot}.`,
  notTenant: (name: string, plot: string) =>
    `${name} is not a tenant of plot ${plot}: a deposit is taken from a tenant, for their plot.`,
  overHeld: (amount: string, held: string) =>
    `${amount} is more than the ${held} held: a deposit cannot give back or keep more than it holds.`,
  dateBeforeLast: (date: string) =>
    `The date must not be before the deposit's last entry, on ${longDate(date)}.`,
  dateInFuture: 'The date must not be after today.',
  reasonRequired: 'Say why.',
  heldBlocksErasure: (amount: string) =>
    `A deposit of ${amount} is still held for them: return it, or record it kept, first.`,
  // The screens.
  heading: 'Deposits',
  noDeposits: 'No deposits taken.',
  takeDeposit: 'Take a deposit',
  kindLabel: 'Kind of deposit',
  chooseKind: 'Choose a kind',
  kindRequired: 'Choose the kind of deposit.',
  plotLabel: 'For plot',
  choosePlot: 'Choose a plot',
  plotRequired: 'Choose the plot the deposit is for.',
  noPlots: 'Deposits are taken for a plot: this person has no plot yet.',
  takenOnLabel: 'Date taken',
  amountLabel: 'Amount taken (£)',
  methodLabel: 'How paid',
  taken: 'The deposit was taken.',
  settleLegend: 'Give back or keep',
  entryDateLabel: 'Date',
  settleAmountLabel: 'Amount (£)',
  paidBackLabel: 'How paid back',
  reasonLabel: 'Reason',
  returnDeposit: 'Return deposit',
  keepDeposit: 'Keep deposit',
  returnedNotice: 'The deposit was returned.',
  keptNotice: 'The part not returned was recorded as kept.',
  heldText: (held: string) => `${held} held`,
  summary: (kind: string, plot: string) => `${kind} deposit for plot ${plot}`,
  entryText: {
    taken: (amount: string, date: string, how: string) =>
      `${amount} taken on ${longDate(date)}${how ? ` (${how})` : ''}`,
    returned: (amount: string, date: string, how: string) =>
      `${amount} returned on ${longDate(date)}${how ? ` (${how})` : ''}`,
    kept: (amount: string, date: string) => `${amount} kept on ${longDate(date)}`,
  },
  entryBy: (reason: string, by: string) => `${reason ? `${reason}. ` : ''}Recorded by ${by}.`,
  // The plot's history.
  historyTaken: (kind: string, amount: string, name: string) =>
    `${kind} deposit of ${amount} taken from ${name}`,
  historyReturned: (kind: string, amount: string, name: string) =>
    `${kind} deposit: ${amount} returned to ${name}`,
  historyKept: (kind: string, amount: string) => `${kind} deposit: ${amount} kept`,
  // The administrator's kinds.
  kindsHeading: 'Deposit kinds',
  noKinds: 'No kinds of deposit yet.',
  addUsualKinds: 'Add the usual kinds',
  addKind: 'Add a kind of deposit',
  changeKind: (name: string) => `Change the deposit kind ${name}`,
  changeHint:
    'Deposits already taken keep their amounts; those taken from now on start from the new one.',
  kindNameLabel: 'Name',
  kindAmountLabel: 'Amount (£)',
  ...kindMessages,
  // The treasurer's list.
  heldHeading: 'Deposits held',
  noneHeld: 'No deposits are held.',
  heldTotal: (total: string, count: number) =>
    `${total} held in ${count} deposit${count === 1 ? '' : 's'}, owed back to the people who paid them.`,
  heldRow: (name: string, kind: string, plot: string, held: string) =>
    `${name}: ${kind} deposit for plot ${plot}, ${held}`,
}
