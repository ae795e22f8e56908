import { ok, type Outcome } from '#shared/domain/outcome'
import { everyYearHas } from '#shared/domain/rent'
import { offerMessages } from '#shared/messages/offers'
import type { LettingSettings, OtherPlaces } from '#shared/schemas/letting'
import { daysInput, wholeInput, wrongInput } from '#client/lib/days-input.ts'

// What the letting settings form edits: the numbers as typed, until they are read on saving.
export interface LettingDraft {
  offerDays: string
  goesToEnd: 'yes' | 'no'
  stillWantDate: string
  stillWantDays: string
  privacyNotice: string
  sitesPerApplicant: string
  otherPlacesOnAccept: OtherPlaces
}

export const draftOf = (settings: LettingSettings): LettingDraft => ({
  offerDays: String(settings.offerDays),
  goesToEnd: settings.declineGoesToEnd ? 'yes' : 'no',
  stillWantDate: settings.stillWantDate,
  stillWantDays: String(settings.stillWantDays),
  privacyNotice: settings.privacyNotice,
  sitesPerApplicant: String(settings.sitesPerApplicant),
  otherPlacesOnAccept: settings.otherPlacesOnAccept,
})

/** The settings the draft says, or the first number that is not one; the server checks the rest. */
export function settingsOf(draft: LettingDraft): Outcome<LettingSettings> {
  const offerDays = daysInput(draft.offerDays, offerMessages.offerDays)
  if (!offerDays.ok) return offerDays
  const stillWantDays = daysInput(draft.stillWantDays, offerMessages.stillWantDays)
  if (!stillWantDays.ok) return stillWantDays
  const sitesPerApplicant = wholeInput(draft.sitesPerApplicant, offerMessages.sitesPerApplicant, {
    min: 1,
    max: 20,
    unit: 'sites',
  })
  if (!sitesPerApplicant.ok) return sitesPerApplicant
  // A day every year has, or none: asked on 30 February, the list would never be asked.
  if (draft.stillWantDate && !everyYearHas(draft.stillWantDate))
    return wrongInput(offerMessages.stillWantDate, 'a day that every year has')
  return ok({
    offerDays: offerDays.value,
    declineGoesToEnd: draft.goesToEnd === 'yes',
    stillWantDate: draft.stillWantDate,
    stillWantDays: stillWantDays.value,
    privacyNotice: draft.privacyNotice.trim(),
    sitesPerApplicant: sitesPerApplicant.value,
    otherPlacesOnAccept: draft.otherPlacesOnAccept,
  })
}
