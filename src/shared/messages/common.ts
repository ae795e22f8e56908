// The words no one feature owns: the app shell's (an error page, a lost connection, unsaved
// changes), the server's generic answers, and checks that several forms share. Every user-facing
// message is written once, word for word, in one file of this folder named for the feature that
// says it; nothing else spells them (tests/unit/messages-once.test.ts). A screen loads the files
// of the features it shows, so the home page carries only this one.

export const commonMessages = {
  /** A plot's name where the viewer sees several sites (issue 46): "1 (Northfield)". */
  plotOnSite: (plot: string, site: string) => `${plot} (${site})`,
  /**
   * A plot a person holds on a site beyond the viewer's own (a site representative's view), in
   * place of its name: "Plot on another site", "Plots 1, on another site".
   */
  plotElsewhere: 'on another site',
  somethingWentWrong: 'Something went wrong!',
  invalidEmail: 'Please enter a valid email address!',
  error: 'Error!',
  staleVersion:
    'Someone else changed this record while you were editing it. Reload it to see their changes, then make yours again.',
  // Mail written to the outbox folder has reached no one yet: said of enquiries and of e-mails.
  inOutbox: 'Saved in the outbox: no mail server is set up',
  // Our own additions: the spec leaves these rules unstated, so their wording is ours.
  tooLong: (field: string, max: number) => `The ${field} must be at most ${max} characters long.`,
  tooManyCells: (max: number) =>
    `A row of the file has more than ${max.toLocaleString('en-GB')} cells, more than any register or bank statement: check that it is the right file.`,
  linkInName: (field: string) => `The ${field} may not contain a link or web address.`,
  // The screens take dates from date pickers, which show the reader's own form of a date.
  invalidDate: 'Please choose a real date.',
  // Refusals of the HTTP layer that the screens give too (a form's own check): our wording.
  // `subject` is "The field 'name'" or "The request body"; `kind` is e.g. 'text' or 'a number'.
  inputMissing: (subject: string) => `${subject} is missing.`,
  inputWrongType: (subject: string, kind: string) => `${subject} must be ${kind}.`,
  // The screens' own hints, notes and notices: our wording.
  serverUnreachable: 'The server could not be reached. Check your connection and try again.',
  pageNotFound: 'Page not found',
  noPageHere: 'There is no page at this address.',
  confirmDelete: (name: string) => `Delete "${name}"? This cannot be undone.`,
  unsavedChanges: 'You have changes that are not saved. Leave this page and lose them?',
} as const
