import { longDate } from '#shared/domain/dates'

// Erasing a person's details (issue 30): the person page's section and the server's answers.

export const erasureMessages = {
  formerMember: (number: number) => `Former member ${number}`,
  alreadyErased: "This person's details have already been erased.",
  erasedRecord:
    'This record is a former member whose details were erased: it cannot be given a plot.',
  cannotErase: (blockers: readonly string[]) =>
    `Their details cannot be erased yet. ${blockers.join(' ')}`,
  owesMoney: (amount: string) =>
    `They still owe ${amount}: the rent must be paid, written off or cancelled first.`,
  holdsPlots: (plots: readonly string[]) =>
    `They hold ${plots.length === 1 ? 'plot' : 'plots'} ${plots.join(' and ')}: end the tenancy first.`,
  eraseHint:
    'Replaces their name, address, phone number and e-mail addresses wherever they are kept, the activity log included, with "Former member" and a number. Their invoices and payments stay, under that name, as the accounts must. Backups made before keep what they held.',
  eraseButton: 'Erase their personal details',
  eraseConfirm: (name: string) => `Erase the personal details of ${name}? This cannot be undone.`,
  erased: (marker: string) => `Their details are erased. The record is now ${marker}.`,
  erasedOn: (on: string) => `This person's details were erased on ${longDate(on)}.`,
}
