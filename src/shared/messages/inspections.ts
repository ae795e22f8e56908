// The words of plot inspections (issue 32): the settings, a round walked on a phone, what is
// waiting to send, and the notices. Dates reach these as ISO dates, which these write in words.

import { outboxMessages } from '#shared/messages/outbox'
import { longDate } from '#shared/domain/dates'
import { counted, inWords } from '#shared/domain/text'

const stageNames = {
  improvement: 'Improvement notice',
  final: 'Final notice',
  quit: 'Notice to quit',
} as const

type NoticeOfPlot = { plotId: string; stage: keyof typeof stageNames }

const noticesInWords = (notices: readonly NoticeOfPlot[]) =>
  inWords(
    notices.map(({ plotId, stage }) => `${stageNames[stage].toLowerCase()} for plot ${plotId}`),
  )

export const inspectionMessages = {
  inspections: 'Inspections',
  // Settings.
  settingsHeading: 'Inspection settings',
  grades: 'Grades',
  gradeNumber: (number: number) => `Grade ${number}`,
  needsNotice: 'Calls for a notice',
  addGrade: 'Add a grade',
  removeGrade: (name: string) => `Remove the grade "${name || 'without a name'}"`,
  daysToPutRight: 'Days to put it right',
  noticeMonths: 'Notice period of a notice to quit (months)',
  repeatNotices: 'Improvement notices that lead straight to a final notice',
  repeatYears: 'Within how many years',
  letterStage: stageNames,
  /** After a notice's name, for one given for rent (decision 61): "Notice to quit for rent unpaid". */
  forRent: 'for rent unpaid',
  letterSubject: 'Subject',
  letterBody: 'Text',
  letterFieldsHint: (fields: readonly string[]) =>
    `Merge fields: ${fields.map((field) => `{${field}}`).join(', ')}.`,
  saveSettings: 'Save settings',
  settingsSaved: 'The inspection settings are saved.',
  // The settings' refusals.
  gradeNameRequired: 'Every grade needs a name.',
  gradeNamesUnique: 'Two grades have the same name.',
  gradesNeedOneGood: 'At least one grade must not call for a notice.',
  // Rounds.
  rounds: 'Inspection rounds',
  noRoundsYet: 'No inspection round has been started yet.',
  startRound: 'Start a round',
  roundDate: 'Date',
  walkers: 'Who walks',
  walkersOneLine: 'The names of who walks must fit on one line.',
  walkersHint: 'The names of the volunteers walking the site, as you want them kept.',
  startRoundButton: 'Start round',
  roundHeading: (date: string) => `Inspection of ${longDate(date)}`,
  plotsSeen: 'Plots seen',
  roundSummary: (seen: number, total: number) => `${seen} of ${counted(total, 'plot')} seen.`,
  roundMissing: 'That inspection round does not exist.',
  plotsNotSeen: 'Not yet seen',
  backToRounds: 'Back to inspections',
  walkedBy: (walkers: string) => `Walked by ${walkers}.`,
  recordPlot: (plotId: string) => `Plot ${plotId}`,
  chooseOnMap: 'Choose a plot on the map',
  mapTitle: 'Map of the allotment site: choose the plot to record',
  roundResults: 'Recorded on this round',
  waitingOnPhone: 'Waiting to send',
  earlierRecord: '(an earlier record: the later one is the grade)',
  noRecordsYet: 'No plot has been recorded on this round yet.',
  allPlotsSeen: 'Every plot has been seen.',
  // Recording one plot.
  plot: 'Plot',
  grade: 'Grade',
  cultivated: 'Cultivated (%)',
  notes: 'Notes',
  photos: 'Photos',
  addPhotos: 'Add photos',
  photosHint: 'Take them with the camera or choose them; they are made smaller on the phone.',
  photoNumber: (number: number) => `Photo ${number}`,
  photoOfPlot: (plotId: string, number: number) => `Photo ${number} of plot ${plotId}`,
  photoUnreadable: 'This phone could not read that photo as a picture. Choose a JPEG, PNG or WebP.',
  removePhoto: (number: number) => `Remove photo ${number}`,
  recordedBy: 'Recorded by',
  savePlot: 'Save and go to the next plot',
  nextPlot: 'Next plot',
  plotSaved: (plotId: string) => `Plot ${plotId} is saved.`,
  lastPlotSaved: (plotId: string) =>
    `Plot ${plotId} is saved. That was the last plot not yet seen.`,
  gradedAs: (grade: string, cultivated: number) => `${grade}, ${cultivated}% cultivated`,
  // The server's refusals of a record.
  gradeUnknown: 'Choose one of the grades.',
  cultivatedRange: 'How much is cultivated is a whole number from 0 to 100.',
  plotMissing: 'That plot does not exist.',
  recordIdTaken: 'This record has already been sent for another plot or round.',
  photoIdsRepeated: 'Two photos of the record have the same id.',
  photoIdTaken: 'A photo of this record has already been sent with another record.',
  recordUnreadable: 'The record of the plot could not be read.',
  notAPhoto: 'A photo must be a JPEG, PNG or WebP picture.',
  photoTooManyPixels: 'A photo is too big to make smaller: at most 40 million pixels.',
  photoMissing: 'That photo does not exist.',
  photoTooLarge: 'A photo can be at most 10 MB.',
  tooManyPhotos: 'A plot can have at most 6 photos.',
  // Notices.
  notices: 'Notices',
  sendNotices: 'Send notices',
  sendNoticesHint:
    'Sends each plot graded for a notice the next notice of its chain, by e-mail or as a letter to print, and closes the notices of plots put right. You see the notices and the first of them as it will be read before anything is sent.',
  sendWaitingFirst:
    'Records on this phone are still waiting to send: send them before the notices.',
  noticesSent: (sent: readonly NoticeOfPlot[]) =>
    sent.length === 0
      ? 'No plot of this round called for a notice.'
      : `${counted(sent.length, 'notice')} sent: ${noticesInWords(sent)}.`,
  // Before sending (issue 44).
  noticesToSend: (notices: readonly NoticeOfPlot[]) =>
    notices.length === 0
      ? 'No plot of this round calls for a notice.'
      : `${counted(notices.length, 'notice')} to send: ${noticesInWords(notices)}.`,
  noticeAsTheyWillRead: (notice: NoticeOfPlot, name: string) =>
    `The ${stageNames[notice.stage].toLowerCase()} for plot ${notice.plotId}, as ${name} will read it:`,
  findingsWithEmail: 'With the findings and photos of the inspection attached as a PDF.',
  findingsWithLetter: 'Followed by the findings and photos of the inspection.',
  confirmNotices: (count: number) =>
    count === 0 ? 'Close the notices put right' : `Send ${counted(count, 'notice')}`,
  previewNoticesFirst:
    'Look at what Send notices would send, and confirm it, before anything is sent.',
  noticesChanged:
    'What Send notices would do has changed since you looked at it. Look at it again before sending.',
  noticesComplied: (plots: readonly string[]) =>
    `Put right since the last notice: ${plots.length === 1 ? 'plot' : 'plots'} ${inWords(plots)}.`,
  noticesWaiting: (plots: readonly string[]) =>
    `Not yet past the notice's deadline, paused, or under notice to quit: ${plots.length === 1 ? 'plot' : 'plots'} ${inWords(plots)}.`,
  noticesVacant: (plots: readonly string[]) =>
    `No tenant to send a notice to: ${plots.length === 1 ? 'plot' : 'plots'} ${inWords(plots)}.`,
  noOpenNotices: 'No notice is running.',
  noticeStatus: {
    open: 'Running',
    complied: 'Put right',
    escalated: 'Followed by the next notice',
    ended: 'Tenancy ended',
    stopped: 'Stopped: the plot changed hands',
    paid: 'Rent paid: the tenancy goes on',
  },
  pausedSince: (date: string, reason: string) => `Paused since ${longDate(date)}: ${reason}`,
  deadline: 'Deadline',
  sentOn: 'Sent',
  stage: 'Notice',
  status: 'Status',
  tenants: 'To',
  dueForReinspection: 'Due for re-inspection',
  noneDueForReinspection: 'No plot is due for re-inspection.',
  reinspectBy: (plotId: string, deadline: string) =>
    `Plot ${plotId}: the deadline was ${longDate(deadline)}.`,
  pause: 'Pause',
  pauseHeading: (plotId: string) => `Pause the notices of plot ${plotId}`,
  pauseReason: 'Reason for pausing',
  pauseHint:
    'For example illness or other circumstances. The deadline moves on by the days paused.',
  pauseButton: 'Pause notices',
  resume: 'Resume',
  noticePaused: (plotId: string) => `The notices of plot ${plotId} are paused.`,
  noticeResumed: (plotId: string, deadline: string) =>
    `The notices of plot ${plotId} run again, to ${longDate(deadline)}.`,
  pauseReasonRequired: 'Give a reason for pausing the notices.',
  noticeMissing: 'That notice does not exist.',
  noticeNotRunning: 'This notice is no longer running.',
  noticeAlreadyPaused: 'This notice is already paused.',
  noticeNotPaused: 'This notice is not paused.',
  // The photo sheet with a notice.
  findingsHeading: (plotId: string, date: string) =>
    `Plot ${plotId}: what the inspection of ${longDate(date)} found`,
  findingsGrade: (grade: string, cultivated: number) =>
    `Grade: ${grade}. Cultivated: ${cultivated}%.`,
  noFindings: 'No notes were made.',
  findingsFile: (plotId: string) => `inspection-plot-${plotId}.pdf`,
  noticesAudience: (date: string) => `Tenants of plots inspected on ${longDate(date)}`,
  noticesBatch: (date: string) => `Inspection notices of ${longDate(date)}`,
  // Sending what waits on the phone.
  waitingToSend: (count: number) => `${counted(count, 'record')} waiting to send`,
  offline: outboxMessages.offline,
  sendNow: 'Send now',
  othersWaiting: (count: number) =>
    `${counted(count, 'record')} made on this phone by another inspector will be sent when they sign in on it again.`,
  notAccepted: (plotId: string, refusal: string) =>
    `The record of plot ${plotId} was not accepted: ${refusal}`,
  removeRecord: (plotId: string) => `Remove the record of plot ${plotId}`,
} as const
