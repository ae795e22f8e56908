import type { AgeingKind, PrivacySettings } from '#shared/schemas/privacy'
import { addDays } from '#shared/domain/rent'
import { addMonths } from '#shared/domain/dates'

// The retention rules, pure: from today and the settings, the day before which each kind of
// personal data goes, and when a former member's details are due for erasure.

/** Each period's bounds and unit: the schema checks them, the settings form reads by them. */
export const PERIOD_BOUNDS = {
  leaverYears: { min: 1, max: 10, unit: 'years' },
  enquiryMonths: { min: 1, max: 120, unit: 'months' },
  signInFailureDays: { min: 1, max: 3650, unit: 'days' },
  logYears: { min: 1, max: 20, unit: 'years' },
} as const

/** Proposed in decision 27: what the ICO's guidance and charity law suggest for a small charity. */
export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = {
  leaverYears: 2,
  enquiryMonths: 12,
  signInFailureDays: 90,
  logYears: 6,
}

/** How far ahead the Due for erasure list looks. */
export const DUE_WINDOW_DAYS = 30

/** The day a former member's details are due for erasure: the period after their last change. */
export const leaverDueOn = (lastChange: string, settings: PrivacySettings) =>
  addMonths(lastChange, 12 * settings.leaverYears)

/** For each kind: what was recorded before this day goes on `today`. */
export function cutoffs(today: string, settings: PrivacySettings): Record<AgeingKind, string> {
  return {
    enquiries: addMonths(today, -settings.enquiryMonths),
    signInFailures: addDays(today, -settings.signInFailureDays),
    logEntries: addMonths(today, -12 * settings.logYears),
  }
}
