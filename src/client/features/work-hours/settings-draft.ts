import { parseFee, penceInput } from '#shared/domain/money'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { workHoursMessages as words } from '#shared/messages/work-hours'
import type { WorkHoursRulesInput } from '#shared/schemas/work-hours'

// The work hours' settings as their forms hold them (the organisation's and a site's own alike):
// hours as typed, money in pounds.

export type WorkHoursDraft = { hoursOwed: string; missing: string; beyond: string }

export const draftOf = (rules: WorkHoursRulesInput): WorkHoursDraft => ({
  hoursOwed: String(rules.hoursOwed),
  missing: penceInput(rules.missingHourPence),
  beyond: penceInput(rules.beyondHourPence),
})

/** The settings the draft says, or the first thing wrong with it, by its field. */
export function rulesOf(draft: WorkHoursDraft): Outcome<WorkHoursRulesInput> {
  const hoursOwed = Number(draft.hoursOwed)
  if (draft.hoursOwed.trim() === '' || !(hoursOwed >= 0 && Number.isInteger(hoursOwed * 4)))
    return refuse(words.hoursInQuarters, 'hoursOwed')
  const missing = parseFee(draft.missing)
  if (!missing.ok) return refuse(missing.message, 'missing')
  const beyond = parseFee(draft.beyond)
  if (!beyond.ok) return refuse(beyond.message, 'beyond')
  return ok({ hoursOwed, missingHourPence: missing.value, beyondHourPence: beyond.value })
}
