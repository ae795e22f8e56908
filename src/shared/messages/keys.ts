// Keys and fobs (issue 48, item 4, decision 64): the site's keys, handed over, returned and lost;
// on the person's page, the tenancy's ending and My allotment.

import { longDate } from '#shared/domain/dates'
import { keyWords } from '#shared/messages/key-words'

export const keyMessages = {
  ...keyWords,
  // The server's refusals.
  keyMissing: (id: number) => `There is no key ${id}.`,
  numberRequired: 'Give the key a number or label.',
  numberTaken: (number: string, site: string) =>
    `Key ${number} is already on the keys of ${site}: give this one another number.`,
  siteMissing: (id: number) => `There is no site ${id}.`,
  alreadyHeld: (number: string, name: string) =>
    `Key ${number} is held by ${name}: record it returned or lost first.`,
  notHeld: (number: string) => `Key ${number} is not held by anyone.`,
  handedInFuture: 'The day it was handed over must not be after today.',
  endInFuture: 'The day must not be after today.',
  endBeforeHanded: (date: string) =>
    `The day must not be before it was handed over, on ${longDate(date)}.`,
  depositOtherSite: (plot: string) =>
    `Plot ${plot} is on another site than the key: a key's deposit is taken for a plot on its site.`,
  noDeposit: (number: string) =>
    `No deposit was taken with key ${number}: record what it cost as a charge.`,
  heldBlocksErasure: (number: string) =>
    `They still hold key ${number}: record it returned or lost first.`,
  returnedReason: 'Key returned',
  lostReason: 'Key lost',
  // The screens.
  heading: 'Keys',
  siteKeysHeading: (site: string) => `Keys of ${site}`,
  noKeys: 'No keys recorded.',
  addKey: 'Add a key',
  numberLabel: 'Number or label',
  kindLabel: 'Kind of key',
  noteLabel: 'Note',
  siteLabel: 'Site',
  added: 'The key was added.',
  heldBy: (name: string, date: string) => `Held by ${name} since ${longDate(date)}`,
  notHeldText: 'Not handed over',
  handOver: 'Hand over',
  handOverHeading: (number: string) => `Hand over key ${number}`,
  personLabel: 'To',
  choosePerson: 'Choose a person',
  personRequired: 'Choose whom the key is handed to.',
  handedOnLabel: 'Day handed over',
  withDeposit: 'Take a deposit with it',
  handedOver: 'The key was handed over.',
  returnKey: 'Returned',
  returnHeading: (number: string) => `Key ${number} returned`,
  returnedOnLabel: 'Day returned',
  refundLabel: 'Deposit returned (£)',
  refundMethodLabel: 'How paid back',
  returned: 'The key was recorded as returned.',
  loseKey: 'Lost',
  lostHeading: (number: string) => `Key ${number} lost`,
  lostOnLabel: 'Day lost',
  keptLabel: 'Deposit kept for it (£)',
  chargeLabel: 'Charge for it (£)',
  lost: 'The key was recorded as lost.',
  cancel: 'Keep it as it was',
  withDepositText: (kind: string) => `${kind} deposit taken with it`,
  historyText: {
    returned: (name: string, from: string, to: string) =>
      `${name}, ${longDate(from)} to ${longDate(to)}, returned`,
    lost: (name: string, from: string, to: string) =>
      `${name}, ${longDate(from)} to ${longDate(to)}, lost`,
  },
  chargeText: (amount: string) => `Charged ${amount}`,
  // The person's page and the tenancy's ending.
  personHeading: 'Keys held',
  noneHeld: 'No keys held.',
  stillHeld: (name: string) => `${name} still holds these keys: record each returned or lost.`,
}
