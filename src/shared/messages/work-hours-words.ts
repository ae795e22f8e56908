// Work hours (decision 66): the words a member reads on My allotment and the calendar's links to
// the committee's screens, apart from the rest, so those screens load no more than they show.

import { longDate } from '#shared/domain/dates'

export const workHoursWords = {
  recordAttendance: 'Record who came',
  workHoursLink: 'Work hours: who is short, and the hours owed',
  myHeading: 'My work hours',
  myYear: (from: string, to: string) =>
    `This rent year, ${longDate(from)} to ${longDate(to)}, for your plots:`,
  myPlot: (plot: string, done: string, owed: string) =>
    `Plot ${plot}: ${done} done of ${owed} owed`,
  myOwn: (hours: string) => `Of which you did ${hours}.`,
  noneOwed: 'No work hours are owed this rent year.',
}
