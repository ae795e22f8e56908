// The words of a person's history on the waiting list: why their place changed, as the server
// records it and the person's page shows it. Apart from the apply pages' words so that the
// person's page carries only these.

export const waitingListMessages = {
  joinedByApplication: (reference: string) => `Applied on the website, reference ${reference}`,
  addedByCommittee: 'Added by the committee',
  movedFromPlotholders: 'Moved from the plot holders',
  becamePlotholder: 'Became a plot holder',
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
} as const
