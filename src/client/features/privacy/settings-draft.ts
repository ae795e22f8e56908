import { ok, type Outcome } from '#shared/domain/outcome'
import { PERIOD_BOUNDS } from '#shared/domain/privacy'
import { privacyMessages } from '#shared/messages/privacy'
import type { PrivacySettings } from '#shared/schemas/privacy'
import { wholeInput } from '../../lib/days-input.ts'

// What the privacy settings form edits: the periods as typed, until they are read on saving.
export type PrivacyDraft = Record<keyof PrivacySettings, string>

export const draftOf = (settings: PrivacySettings): PrivacyDraft => ({
  leaverYears: String(settings.leaverYears),
  enquiryMonths: String(settings.enquiryMonths),
  signInFailureDays: String(settings.signInFailureDays),
  logYears: String(settings.logYears),
})

/** Each period and its label, in the order the form shows them. */
export const PERIODS: Array<{ key: keyof PrivacySettings; label: string }> = [
  { key: 'leaverYears', label: privacyMessages.leaverYears },
  { key: 'enquiryMonths', label: privacyMessages.enquiryMonths },
  { key: 'signInFailureDays', label: privacyMessages.signInFailureDays },
  { key: 'logYears', label: privacyMessages.logYears },
]

/** The periods the draft says, or the first that is not one; the server checks them again. */
export function settingsOf(draft: PrivacyDraft): Outcome<PrivacySettings> {
  const settings: Partial<PrivacySettings> = {}
  for (const { key, label } of PERIODS) {
    const period = wholeInput(draft[key], label, PERIOD_BOUNDS[key])
    if (!period.ok) return period
    settings[key] = period.value
  }
  return ok(settings as PrivacySettings)
}
