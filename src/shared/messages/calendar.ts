// The calendar (issue 48, items 1 and 2): the spec has no calendar, so these words are ours.

export const calendarMessages = {
  heading: 'Calendar',
  titleRequired: 'The event needs a title.',
  titleOneLine: "An event's title must fit on one line.",
  timeInvalid: 'Please give a time as hours and minutes, such as 10:30.',
  endBeforeStart: 'The event must end after it starts.',
  eventMissing: 'That event does not exist.',
  /** A site representative may not make an event for every site: that is the organisation's. */
  everySiteNotYours: 'Only a committee member for every site can make an event for all sites.',
  rangeTooLong: 'Ask for at most 400 days of the calendar at a time.',
  rangeBackwards: 'The first day asked for comes after the last.',
  feedMissing: 'There is no calendar at this address. It may have been reset: ask for a new one.',
  // The form's labels.
  titleLabel: 'Title',
  siteLabel: 'Site',
  everySite: 'All sites',
  placeLabel: 'Place',
  startDateLabel: 'Starts on',
  startTimeLabel: 'Starting at',
  endDateLabel: 'Ends on',
  endTimeLabel: 'Ending at',
  descriptionLabel: 'Description',
  visibilityLabel: 'Who may see it',
  helpersLabel: 'Helpers wanted (for a work party)',
  visibilities: { public: 'Everyone', members: 'Members', committee: 'The committee' },
  /** In the committee's list: who an event is shown to. */
  seenBy: (who: string) => `Seen by: ${who.toLowerCase()}`,
  addEvent: 'Add an event',
  saveEvent: 'Save the event',
  editEvent: 'Edit the event',
  eventAdded: (title: string) => `"${title}" is on the calendar.`,
  eventSaved: (title: string) => `"${title}" is saved.`,
  eventDeleted: (title: string) => `"${title}" is deleted.`,
  // The views.
  viewsLabel: 'Calendar views',
  monthView: 'Month',
  listView: 'List',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  thisMonth: 'This month',
  nothingThisMonth: 'Nothing on the calendar this month.',
  upcomingHeading: 'Coming up',
  helpersWanted: (count: number) => `${count} ${count === 1 ? 'helper' : 'helpers'} wanted`,
  moreOnDay: (count: number) => `and ${count} more`,
  // What appears by itself (decision 63), with what it belongs to.
  rentDue: (label: string) => `Rent due (${label})`,
  offerDeadline: (plot: string) => `Last day to answer the offer of plot ${plot}`,
  inspectionRound: 'Inspection round',
  noticeDeadline: (plot: string) => `Deadline of the notice on plot ${plot}`,
  // Subscribing.
  subscribeHeading: 'Subscribe',
  subscribeIntro:
    "Add this calendar to your phone's or computer's calendar: it shows what you may see here, and keeps itself up to date. Keep the address to yourself.",
  makeAddress: 'Make my calendar address',
  resetAddress: 'Reset my calendar address',
  resetExplained: 'Resetting makes a new address; the old one stops working at once.',
  addressMadeOn: (date: string) => `Your calendar address was made on ${date}.`,
  addressShownOnce:
    'This is the only time the address is shown: copy it into your calendar app now.',
  addressLabel: 'Your calendar address',
  copyAddress: 'Copy the address',
  copied: 'Copied.',
  publicFeed: 'Add these events to your calendar',
  /** The feed's own name, in a calendar app's list of calendars. */
  feedName: (association: string) => `${association} calendar`,
} as const
