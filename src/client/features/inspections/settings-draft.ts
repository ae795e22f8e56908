import { NOTICE_STAGES, type NoticeStage } from '#shared/domain/inspections'
import { ok, type Outcome } from '#shared/domain/outcome'
import { inspectionMessages } from '#shared/messages/inspections'
import type { InspectionSettings, InspectionStandards } from '#shared/schemas/inspections'
import { daysInput, wholeInput } from '#client/lib/days-input.ts'

// What the inspection settings form edits: numbers as typed and each letter's subject and text
// as fields of their own, until they are read on saving. The server checks the rest (names,
// merge fields) with the schema. The standards (grades, days and notices) are also a site's own
// form (decision 53).

type LetterFields = { [S in NoticeStage as `${S}Subject` | `${S}Body`]: string }

export interface StandardsDraft {
  grades: InspectionStandards['grades']
  daysToPutRight: string
  noticeMonths: string
  repeatNotices: string
  repeatYears: string
}

export type InspectionDraft = LetterFields & StandardsDraft

export const standardsDraftOf = (standards: InspectionStandards): StandardsDraft => ({
  grades: standards.grades,
  daysToPutRight: String(standards.daysToPutRight),
  noticeMonths: String(standards.noticeMonths),
  repeatNotices: String(standards.repeat.notices),
  repeatYears: String(standards.repeat.years),
})

export const draftOf = (settings: InspectionSettings): InspectionDraft => ({
  ...standardsDraftOf(settings),
  ...(Object.fromEntries(
    NOTICE_STAGES.flatMap((stage) => [
      [`${stage}Subject`, settings.letters[stage].subject],
      [`${stage}Body`, settings.letters[stage].body],
    ]),
  ) as LetterFields),
})

/** The standards the draft says, or the first number that is not one; the server checks names. */
export function standardsOf(draft: StandardsDraft): Outcome<InspectionStandards> {
  const daysToPutRight = daysInput(draft.daysToPutRight, inspectionMessages.daysToPutRight)
  if (!daysToPutRight.ok) return daysToPutRight
  const noticeMonths = wholeInput(draft.noticeMonths, inspectionMessages.noticeMonths, {
    min: 1,
    max: 12,
    unit: 'months',
  })
  if (!noticeMonths.ok) return noticeMonths
  const notices = wholeInput(draft.repeatNotices, inspectionMessages.repeatNotices, {
    min: 1,
    max: 10,
    unit: 'notices',
  })
  if (!notices.ok) return notices
  const years = wholeInput(draft.repeatYears, inspectionMessages.repeatYears, {
    min: 1,
    max: 10,
    unit: 'years',
  })
  if (!years.ok) return years
  return ok({
    grades: draft.grades.map((grade) => ({ ...grade, name: grade.name.trim() })),
    daysToPutRight: daysToPutRight.value,
    noticeMonths: noticeMonths.value,
    repeat: { notices: notices.value, years: years.value },
  })
}

export function settingsOf(draft: InspectionDraft): Outcome<InspectionSettings> {
  const standards = standardsOf(draft)
  if (!standards.ok) return standards
  const letter = (stage: NoticeStage) => ({
    subject: draft[`${stage}Subject`].trim(),
    body: draft[`${stage}Body`].trim(),
  })
  return ok({
    ...standards.value,
    letters: { improvement: letter('improvement'), final: letter('final'), quit: letter('quit') },
  })
}
