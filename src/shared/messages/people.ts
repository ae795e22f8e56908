// People (plot holders and the waiting list): a person's record, its checks, and the people
// screens' notices.

export const peopleMessages = {
  // The lists' marks of who signs in to the website (issue 29); a date is the invitation's.
  listSignsIn: 'signs in',
  listInvited: (on: string) => `invited ${on}`,
  personNameRequired: "The person's name must be filled in!",
  personNicknameRequired: "The person's nickname must be filled in!",
  nicknameInUse: (id: string) => `The nickname '${id}' is already in use!`,
  personHasPlots: 'This person has plots',
  personHasNoPlot: "This person doesn't have a plot yet",
  // Our own additions: the spec leaves these rules unstated, so their wording is ours.
  nicknameCharacters:
    'A nickname may use letters, digits, spaces, hyphens, underscores, apostrophes and dots.',
  nicknameProposed:
    'Made from the first name and the initial of the last name until you change it; it cannot be changed once saved.',
  // Issue 44: a person's title and the committee's notes.
  titleOneLine: "A person's title must fit on one line.",
  // The waiting list's link to Messages, started with the letter of everyone's references.
  sendReferences: 'Send everyone their reference',
  titleHint: 'Mr, Mrs, Dr…: letters then begin “Dear Mrs Ellison”.',
  notesHint: "The committee's. Part of the person's data: in its download, erased with it.",
  personMissing: (id: string) => `There is no person with the nickname '${id}'.`,
  // The screens' own hints, notes and notices: our wording.
  personAdded: (id: string) => `${id} was added.`,
  personSaved: (id: string) => `Changes to ${id} were saved.`,
  personDeleted: (id: string) => `${id} was deleted.`,
  movedToWaitingList: (id: string) => `${id} was moved to the waiting list.`,
  movedToPlotholders: (id: string) => `${id} was moved to the plot holders.`,
  noPeopleYet: 'No one yet.',
  noPeopleMatch: 'No one matches the filter.',
  // How a person wants to hear from the association, as their record, an offer and a rent year
  // name it.
  contactBy: { email: 'E-mail', post: 'Post', both: 'E-mail and post' },
  contactByHint: 'People with no e-mail address get post whatever is chosen here.',
  removeChoice: (id: string) => `What should happen to ${id}?`,
  // A plot holder's leaving (issue 44): the Remove screen's choice, and the list of those who left.
  endTenancyChoice:
    'End their tenancy (gave up the plot, moved away, died, or ended by the committee)',
  formerTenantsLink: 'Former tenants',
  // The committee's printed contact list of plot holders (issue 28).
  contactListTitle: (association: string) => `${association}: plot holders`,
  contactListSummary: (plotHolders: string, date: string) =>
    `${plotHolders}, as on ${date}. Private: it holds their contact details.`,
  noPlot: 'no plot',
} as const
