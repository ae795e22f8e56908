// The words of a person's history on the waiting list: why their place changed, as the server
// records it and the person's page shows it. Apart from the apply pages' words so that the
// person's page carries only these.

export const waitingListMessages = {
  joinedByApplication: (reference: string) => `Applied on the website, reference ${reference}`,
  addedByCommittee: 'Added by the committee',
  movedFromPlotholders: 'Moved from the plot holders',
  becamePlotholder: 'Became a plot holder',
  imported: 'Imported from a spreadsheet',
  waitingListEvent: {
    joined: 'Joined the list',
    offered: 'Offered a plot',
    skipped: 'Skipped',
    declined: 'Declined a plot',
    withdrawn: 'Offer withdrawn',
    lapsed: 'Lapsed',
    restored: 'Restored to the list',
    left: 'Left the list',
  },
  noWaitingListHistory: 'Nothing has been recorded yet.',
  placesLabel: 'Places on each site’s list',
  /** One site's list joined or left by the committee (issue 46), beside the person's other lists. */
  siteListReason: (site: string) => `${site}’s list`,
  leaveSiteList: (site: string) => `Leave ${site}’s list`,
  joinSiteListLabel: 'Add to another site’s list',
  joinSiteListButton: 'Add to this list',
  joinedSiteList: (site: string) => `Added to ${site}’s list.`,
  leftSiteList: (site: string) => `Left ${site}’s list.`,
  onlySiteList:
    'This is their only list: to take them off the waiting list, untick “On waiting list” on their form.',
  alreadyOnSiteList: (site: string) => `They are already on ${site}’s list.`,
  notOnSiteList: (site: string) => `They are not on ${site}’s list.`,
  notWaitingForSiteList: 'Only someone on the waiting list can join another site’s list.',
  /** The person's page: the reference they find their place with, with their e-mail address. */
  referenceLabel: 'Reference for “Where am I on the list?”',
  referenceNeedsEmail: 'They need an e-mail address on record too, to look up their place.',
  /** The apply form's field, and where the committee reads what was written in it. */
  noteForCommittee: 'A note for the committee',
  /** The join of someone on the list before its history was kept, written when it began to be. */
  joinedBeforeHistory: 'On the list before its history was kept',
  /** "No. 3 of 11: joined 25 November 2026 at 10:27, after Zofia Nowak" (the time when known). */
  placeStated: ({
    position,
    total,
    joined,
    after,
  }: {
    position: number
    total: number
    joined: { date: string; time?: string }
    after: string | undefined
  }) =>
    `No. ${position} of ${total}: joined ${joined.date}${joined.time ? ` at ${joined.time}` : ''}, ${
      after === undefined ? 'first on the list' : `after ${after}`
    }`,
} as const
