import { addMonths } from '#shared/domain/dates'
import { addDays } from '#shared/domain/rent'
import type { InspectionSettings } from '#shared/schemas/inspections'

// The rules of inspecting plots, pure: the settings an association starts with, the fields its
// letters may use, and which of a plot's records is its grade.

export const NOTICE_STAGES = ['improvement', 'final', 'quit'] as const
export type NoticeStage = (typeof NOTICE_STAGES)[number]

/**
 * What an inspection letter may say: the person and the association as every message may (not
 * what they owe: a notice is about the plot), and the plot, the findings and the dates.
 */
export const INSPECTION_MERGE_FIELDS = [
  'title',
  'firstName',
  'lastName',
  'fullName',
  'dearName',
  'associationName',
  'associationAddress',
  'plot',
  'grade',
  'cultivated',
  'findings',
  'inspectedOn',
  'putRightBy',
  'tenancyEndsOn',
] as const

// An association's rules usually read so: 28 days to put it right; two improvement notices in two
// years and the next is a final notice; a month's notice to quit for breach of the rules.
export const DEFAULT_INSPECTION_SETTINGS: InspectionSettings = {
  grades: [
    { name: 'Good', needsNotice: false },
    { name: 'Acceptable', needsNotice: false },
    { name: 'Needs work', needsNotice: true },
    { name: 'Not cultivated', needsNotice: true },
  ],
  daysToPutRight: 28,
  noticeMonths: 1,
  repeat: { notices: 2, years: 2 },
  letters: {
    improvement: {
      subject: 'Improvement notice for plot {plot}',
      body:
        'Dear {dearName},\n\nWhen plot {plot} was inspected on {inspectedOn} it was graded ' +
        '"{grade}", with {cultivated} of it cultivated.\n\n{findings}\n\nUnder the rules of your ' +
        'tenancy the plot must be kept cultivated. Please put it right by {putRightBy}, when it ' +
        'will be inspected again.\n\n{associationName}',
    },
    final: {
      subject: 'Final notice for plot {plot}',
      body:
        'Dear {dearName},\n\nWhen plot {plot} was inspected again on {inspectedOn} it was still ' +
        'graded "{grade}", with {cultivated} of it cultivated.\n\n{findings}\n\nThis is a final ' +
        'notice. If the plot is not put right by {putRightBy}, you will be given notice to quit.' +
        '\n\n{associationName}',
    },
    quit: {
      subject: 'Notice to quit plot {plot}',
      body:
        'Dear {dearName},\n\nPlot {plot} has not been put right after a final notice: when it ' +
        'was inspected on {inspectedOn} it was graded "{grade}".\n\nWe therefore give you notice ' +
        'that your tenancy of plot {plot} ends on {tenancyEndsOn}. Please clear your belongings ' +
        'from the plot by then.\n\n{associationName}',
    },
  },
}

interface Recorded {
  recordedAt: string
  receivedAt: string
}

/**
 * Of two inspectors' records of one plot both are kept; the later one (by when it was recorded on
 * the phone, then by when it reached us) is the plot's grade.
 */
export function compareRecorded(a: Recorded, b: Recorded): number {
  return a.recordedAt.localeCompare(b.recordedAt) || a.receivedAt.localeCompare(b.receivedAt)
}

/**
 * When a record was made, as it is kept: the phone's time, unless the phone's clock was plainly
 * wrong (before the round's day began, or after the record reached us), when the time it reached
 * us is the nearest known. A wrong clock, the common case, must neither lose the record nor let it
 * outrank a later one (a "Good" dated 9999 would hide every "Not cultivated" after it).
 */
export function recordedWhen(recordedAt: string, roundDate: string, receivedAt: string): string {
  const at = Date.parse(recordedAt)
  // The earliest the round's day begins on London's clock (in summer, 23:00 UTC the day before).
  const roundBegins = Date.parse(`${roundDate}T00:00:00+01:00`)
  return at >= roundBegins && at <= Date.parse(receivedAt) ? recordedAt : receivedAt
}

/** Each plot's latest record of those given. */
export function latestByPlot<T extends Recorded & { plotId: string }>(
  records: readonly T[],
): Map<string, T> {
  const latest = new Map<string, T>()
  for (const record of records) {
    const before = latest.get(record.plotId)
    if (!before || compareRecorded(before, record) < 0) latest.set(record.plotId, record)
  }
  return latest
}

/**
 * The plot after `current` in walking order that has not been seen, going round to the start;
 * `current` itself when every other plot has been seen.
 */
export function nextUnseen(
  plots: readonly { id: string }[],
  seen: ReadonlySet<string>,
  current: string,
): string {
  const at = plots.findIndex((plot) => plot.id === current)
  for (let step = 1; step <= plots.length; step++) {
    const plot = plots[(at + step) % plots.length]!
    if (!seen.has(plot.id) && plot.id !== current) return plot.id
  }
  return current
}

export const NOTICE_STATUSES = [
  'open',
  'complied',
  'escalated',
  'ended',
  'stopped',
  'paid',
] as const
export type NoticeStatus = (typeof NOTICE_STATUSES)[number]

/** Why a notice was given: a plot below standard, or rent unpaid 40 days after it was due. */
export const NOTICE_REASONS = ['inspection', 'rent'] as const
export type NoticeReason = (typeof NOTICE_REASONS)[number]

/** A plot's notice still running: the one its next step follows from. */
export interface OpenNotice {
  stage: NoticeStage
  deadline: string
  paused: boolean
}

/** What a round's grade of a plot leads to, given the notice it has open. */
export type NoticeStep =
  | { kind: 'send'; stage: NoticeStage }
  /** Put right: the open notice is closed. */
  | { kind: 'complied' }
  /** Nothing now: paused, still within its deadline, or a notice to quit running its course. */
  | { kind: 'wait' }
  | { kind: 'none' }

/**
 * The next step of a plot's chain of notices after a round: an improvement notice first (or a
 * final one, after so many improvement notices within so many years), a final notice for a plot
 * still below standard when inspected after its deadline, then notice to quit; a plot graded well
 * again has put it right.
 */
export function nextNoticeStep(
  graded: { needsNotice: boolean; roundDate: string },
  open: OpenNotice | undefined,
  improvementsWithinYears: number,
  settings: Pick<InspectionSettings, 'repeat'>,
): NoticeStep {
  if (open?.paused) return { kind: 'wait' }
  if (!graded.needsNotice)
    return open && open.stage !== 'quit' ? { kind: 'complied' } : { kind: 'none' }
  if (!open) {
    const repeated = improvementsWithinYears >= settings.repeat.notices
    return { kind: 'send', stage: repeated ? 'final' : 'improvement' }
  }
  if (open.stage === 'quit' || graded.roundDate <= open.deadline) return { kind: 'wait' }
  return { kind: 'send', stage: open.stage === 'improvement' ? 'final' : 'quit' }
}

/** The day a notice sent today runs to: the day to put it right by, or the tenancy's last day. */
export function noticeDeadline(
  stage: NoticeStage,
  today: string,
  settings: Pick<InspectionSettings, 'daysToPutRight' | 'noticeMonths'>,
): string {
  return stage === 'quit'
    ? addMonths(today, settings.noticeMonths)
    : addDays(today, settings.daysToPutRight)
}

/** The day `years` before `date`: improvement notices sent after it count towards a final one. */
export const yearsBefore = (date: string, years: number) => addMonths(date, -12 * years)

/** An improvement or final notice, running and not paused, whose deadline has passed. */
export const reinspectionDue = (
  notice: { status: NoticeStatus; stage: NoticeStage; pausedOn: string | null; deadline: string },
  today: string,
) =>
  notice.status === 'open' && notice.stage !== 'quit' && !notice.pausedOn && notice.deadline < today
