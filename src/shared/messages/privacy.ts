import { longDate } from '#shared/domain/dates'

// Retention (issue 30, item 3): the administrator's privacy settings, the committee's list of who
// and what is due for erasure, holds, and the association's public privacy page.

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`

export const privacyMessages = {
  settingsTitle: 'Privacy settings',
  settingsIntro:
    'How long the association keeps personal data it no longer needs. Every morning the site erases or deletes what has passed its period, and the privacy page tells the public the periods set here.',
  leaverYears: "Former members' personal details (years)",
  leaverYearsHint:
    'Counted from the last change to their record: the end of their last tenancy, or leaving the waiting list. Their details are then erased as "Former member" and a number; their invoices and payments stay.',
  enquiryMonths: 'Enquiries from the contact page (months)',
  signInFailureDays: 'Records of failed sign-ins (days)',
  logYears: 'Activity log entries (years)',
  saveSettings: 'Save privacy settings',
  settingsSaved: 'Privacy settings saved.',
  dueTitle: 'Due for erasure',
  dueIntro: (nextRun: string) =>
    `What the next daily run (${longDate(nextRun)}) and the runs of the next 30 days will erase or delete. Hold a person back to keep their details, with your reason; the hold is logged.`,
  nobodyDue: 'Nobody is due for erasure in the next 30 days.',
  personColumn: 'Person',
  lastChangeColumn: 'Left',
  dueOnColumn: 'Due',
  statusColumn: 'What happens',
  willBeErased: 'Their details will be erased.',
  heldBack: (reason: string, by: string, on: string) =>
    `Held back by ${by} on ${longDate(on)}: ${reason}`,
  holdReason: 'Reason for holding them back',
  holdReasonRequired: 'Please say why their details should be kept.',
  holdButton: (name: string) => `Hold back ${name}`,
  releaseButton: (name: string) => `Release the hold on ${name}`,
  held: (name: string) => `${name} is held back from erasure.`,
  released: (name: string) => `The hold on ${name} is released.`,
  notHeld: 'This person is not held back from erasure.',
  notStarted:
    'The daily run starts when an administrator first saves the privacy settings: until then nothing is erased by age.',
  notErasable:
    'Not a former member: only people who hold no plot and are not on the waiting list are erased by age.',
  otherData: 'Other personal data',
  enquiriesDue: (count: number, before: string) =>
    `${plural(count, 'enquiry', 'enquiries')} received before ${longDate(before)}.`,
  signInFailuresDue: (count: number, before: string) =>
    `${plural(count, 'record', 'records')} of failed sign-ins before ${longDate(before)}.`,
  logEntriesDue: (count: number, before: string) =>
    `${plural(count, 'activity log entry', 'activity log entries')} from before ${longDate(before)}.`,
  lastRun: (day: string, erased: number, deleted: number) =>
    `The last run, on ${longDate(day)}, erased ${plural(erased, 'person', 'people')} and deleted ${plural(deleted, 'other record', 'other records')}.`,
  noRunYet: 'The daily run has not happened yet.',
  privacyPageTitle: 'Privacy',
  periodsHeading: 'How long we keep your data',
  periodLeavers: (years: number) =>
    `If you leave the association (your tenancy ends, or you leave the waiting list), your name, address, phone number and e-mail address are erased ${plural(years, 'year', 'years')} after the last change to your record.`,
  periodApplications:
    'An application never confirmed is deleted, with its e-mails, when the confirmation link expires.',
  periodEnquiries: (months: number) =>
    `Messages sent through the contact page are deleted ${plural(months, 'month', 'months')} after they arrive.`,
  periodSignIns: (days: number) =>
    `Records of failed attempts to sign in are deleted after ${plural(days, 'day', 'days')}.`,
  periodLog: (years: number) =>
    `The record of changes made on this site is kept for ${plural(years, 'year', 'years')}.`,
  periodAccounts:
    'Invoices and payments are the accounts of the charity and are kept for six years after the rent year (Charities Act 2011), under "Former member" once your details are erased.',
  yourRights:
    'You may ask the committee for a copy of everything we hold about you, or to correct or erase it. Members who sign in can download their data from My allotment.',
}
