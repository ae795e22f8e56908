// The words only the Messages screen's form shows, apart from the other words of letters and
// e-mails so that the screens that show what was sent (a person's page) do not carry them.

export const messageWritingMessages = {
  mergeFieldsHint: (fields: readonly string[]) =>
    `Merge fields: ${fields.map((f) => `{${f}}`).join(', ')}. {plots} reads “plot 15” or “plots 15 and 16”; {dearName} “Mrs Ellison” when the title is known, else the first name; {reference} is their reference for “Where am I on the list?” and {place} their place on the waiting list, “4 of 23”; {oldRent}, {newRent} and {rentFrom} their rent before and after a rise they were given notice of, and the day it takes effect.`,
  // The waiting list's "Send everyone their reference" starts Messages from this (issue 44).
  referencesLetter: {
    subject: 'Your place on our waiting list',
    body: 'Dear {dearName},\n\nYou are number {place} on our waiting list for a plot. Your reference is {reference}: with it and your e-mail address you can see your place at any time on our website, under “Where am I on the list?”.\n\n{associationName}',
  },
  // The list of concessions ending before the next rent year starts Messages from this (issue 47).
  freshEvidenceLetter: {
    subject: 'Your concession on the allotment rent',
    body: 'Dear {dearName},\n\nYour concession on the rent of {plots} ends before the next rent year starts. To keep it, please show the committee fresh evidence that you still qualify, such as your pension or benefits letter.\n\n{associationName}',
  },
  // Raising a rate starts Messages from this, to the tenants whose rent rises (decision 62).
  rentRiseLetter: {
    subject: 'Notice of a rise in your allotment rent',
    body: 'Dear {dearName},\n\nWe are giving you notice, as your tenancy requires, that the rent of {plots} will rise from {oldRent} to {newRent} a year, from {rentFrom}. Until then your rent stays as it is.\n\n{associationName}',
  },
} as const
