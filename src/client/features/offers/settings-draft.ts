import { ok, type Outcome } from '#shared/domain/outcome'
import { offerMessages } from '#shared/messages/offers'
import type { LettingSettings } from '#shared/schemas/letting'
import { daysInput } from '../../lib/days-input.ts'

// What the letting settings form edits: the numbers as typed, until they are read on saving.
export interface LettingDraft {
  offerDays: string
  goesToEnd: 'yes' | 'no'
  stillWantDate: string
  stillWantDays: string
  privacyNotice: string
}

export const draftOf = (settings: LettingSettings): LettingDraft => ({
  offerDays: String(settings.offerDays),
  goesToEnd: settings.declineGoesToEnd ? 'yes' : 'no',
  stillWantDate: settings.stillWantDate,
  stillWantDays: String(settings.stillWantDays),
  privacyNotice: settings.privacyNotice,
})

/** The settings the draft says, or the first number that is not one; the server checks the rest. */
export function settingsOf(draft: LettingDraft): Outcome<LettingSettings> {
  const offerDays = daysInput(draft.offerDays, offerMessages.offerDays)
  if (!offerDays.ok) return offerDays
  const stillWantDays = daysInput(draft.stillWantDays, offerMessages.stillWantDays)
  if (!stillWantDays.ok) return stillWantDays
  return ok({
    offerDays: offerDays.value,
    declineGoesToEnd: draft.goesToEnd === 'yes',
    stillWantDate: draft.stillWantDate.trim(),
    stillWantDays: stillWantDays.value,
    privacyNotice: draft.privacyNotice.trim(),
  })
}
