// Work hours (issue 48, item 3; decision 66): the spec has no work hours, so these words are ours.

import { longDate } from '#shared/domain/dates'
import { outboxMessages } from '#shared/messages/outbox'
import { workHoursWords } from '#shared/messages/work-hours-words'

export const workHoursMessages = {
  ...workHoursWords,
  heading: 'Work hours',
  // The server's refusals.
  hoursInQuarters: 'Give the hours in quarter hours, such as 1.5 or 2.25.',
  notAWorkParty: 'That event is not a work party: only a work party keeps a register.',
  notYetHeld: (date: string) =>
    `The work party is on ${longDate(date)}: record who came on the day or after.`,
  notOnRegister: (name: string) =>
    `${name} is not on the work party's register: only its site's tenants and those who said they would come are.`,
  recordIdTaken: 'That record was sent before for another person or event.',
  hoursRecorded:
    'Hours are recorded at this work party: untick who came on its register first, so that no one loses their hours.',
  // The invoice's line, made when a rent year starts.
  notDoneLine: (hours: string, rate: string) => `Work hours not done: ${hours} at ${rate}`,
  beyondLine: (hours: string, rate: string) => `Work hours volunteered: ${hours} at ${rate} off`,
  // The settings.
  settingsHeading: 'Work hours owed',
  owedLabel: 'Hours owed per plot a year',
  missingLabel: 'What a missing hour costs (£, 0 for nothing)',
  beyondLabel: 'What a volunteered hour beyond those owed takes off the rent (£, 0 for nothing)',
  saveSettings: 'Save the work hours settings',
  settingsSaved: 'The work hours settings are saved.',
  siteOwnHeading: "A site's own work hours",
  // The register.
  registerHeading: (title: string, date: string) => `Who came to ${title} on ${longDate(date)}`,
  offline: outboxMessages.offline,
  registerHelp: 'Tick who came and give their hours. Without signal, they are kept on this phone.',
  comingHeading: 'Said they would come',
  othersHeading: 'The other tenants',
  cameLabel: (name: string) => `${name} came`,
  hoursLabel: (name: string) => `Hours for ${name}`,
  saveAttendance: 'Save who came',
  attendanceSaved: (count: number) =>
    count === 1 ? 'One record is saved.' : `${count} records are saved.`,
  nobodyToRecord: 'No one said they would come, and the site has no tenants to record.',
  waitingToSend: (count: number) =>
    count === 1
      ? 'One record is kept on this phone, to send when there is signal.'
      : `${count} records are kept on this phone, to send when there is signal.`,
  notAccepted: (reason: string) => `A record was not accepted: ${reason}`,
  removeRecord: 'Remove the record',
  // What is shown.
  hours: (text: string) => text,
  doneOfOwed: (done: string, owed: string) => `${done} done of ${owed} owed`,
  shortHeading: 'Who is short of their work hours',
  shortYear: (from: string, to: string) => `The rent year ${longDate(from)} to ${longDate(to)}.`,
  noneShort: 'Every plot has done its hours.',
  plotColumn: 'Plot',
  tenantsColumn: 'Tenants',
  doneColumn: 'Done',
  owedColumn: 'Owed',
  shortColumn: 'Short',
  siteColumn: 'Site',
}
