import { NOTICE_STAGES, type NoticeStage } from '#shared/domain/inspections'
import { ok, type Outcome } from '#shared/domain/outcome'
import { inspectionMessages } from '#shared/messages/inspections'
import type { InspectionSettings } from '#shared/schemas/inspections'
import { daysInput, wholeInput } from '../../lib/days-input.ts'

// What the inspection settings form edits: numbers as typed and each letter's subject and text
// as fields of their own, until they are read on saving. The server checks the rest (names,
// merge fields) with the schema.

type LetterFields = { [S in NoticeStage as `${S}Subject` | `${S}Body`]: string }

export type InspectionDraft = LetterFields & {
  grades: InspectionSettings['grades']
  daysToPutRight: string
  noticeMonths: string
  repeatNotices: string
  repeatYears: string
}

export const draftOf = (settings: InspectionSettings): InspectionDraft => ({
  grades: settings.grades,
  daysToPutRight: String(settings.daysToPutRight),
  noticeMonths: String(settings.noticeMonths),
  repeatNotices: String(settings.repeat.notices),
  repeatYears: String(settings.repeat.years),
  ...(Object.fromEntries(
    NOTICE_STAGES.flatMap((stage) => [
      [`${stage}Subject`, settings.letters[stage].subject],
      [`${stage}Body`, settings.letters[stage].body],
    ]),
  ) as LetterFields),
})

export function settingsOf(draft: InspectionDraft): Outcome<InspectionSettings> {
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
  const letter = (stage: NoticeStage) => ({
    subject: draft[`${stage}Subject`].trim(),
    body: draft[`${stage}Body`].trim(),
  })
  return ok({
    grades: draft.grades.map((grade) => ({ ...grade, name: grade.name.trim() })),
    daysToPutRight: daysToPutRight.value,
    noticeMonths: noticeMonths.value,
    repeat: { notices: notices.value, years: years.value },
    letters: { improvement: letter('improvement'), final: letter('final'), quit: letter('quit') },
  })
}
