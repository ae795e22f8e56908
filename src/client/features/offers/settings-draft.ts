import { ok, type Outcome } from '#shared/domain/outcome'
import { everyYearHas } from '#shared/domain/rent'
import { offerMessages } from '#shared/messages/offers'
import type { LettingOffers, LettingSettings, OtherPlaces } from '#shared/schemas/letting'
import { daysInput, wholeInput, wrongInput } from '#client/lib/days-input.ts'

// What the letting settings form edits: the numbers as typed, until they are read on saving.
// How plots are offered is also a site's own form (decision 53).
export interface OffersDraft {
  offerDays: string
  goesToEnd: 'yes' | 'no'
}

export interface LettingDraft extends OffersDraft {
  stillWantDate: string
  stillWantDays: string
  privacyNotice: string
  sitesPerApplicant: string
  otherPlacesOnAccept: OtherPlaces
}

export const offersDraftOf = (offers: LettingOffers): OffersDraft => ({
  offerDays: String(offers.offerDays),
  goesToEnd: offers.declineGoesToEnd ? 'yes' : 'no',
})

/** How plots are offered, as the draft says, or the days that are not a number of days. */
export function offersOf(draft: OffersDraft): Outcome<LettingOffers> {
  const offerDays = daysInput(draft.offerDays, offerMessages.offerDays)
  if (!offerDays.ok) return offerDays
  return ok({ offerDays: offerDays.value, declineGoesToEnd: draft.goesToEnd === 'yes' })
}

export const draftOf = (settings: LettingSettings): LettingDraft => ({
  ...offersDraftOf(settings),
  stillWantDate: settings.stillWantDate,
  stillWantDays: String(settings.stillWantDays),
  privacyNotice: settings.privacyNotice,
  sitesPerApplicant: String(settings.sitesPerApplicant),
  otherPlacesOnAccept: settings.otherPlacesOnAccept,
})

/** The settings the draft says, or the first number that is not one; the server checks the rest. */
export function settingsOf(draft: LettingDraft): Outcome<LettingSettings> {
  const offers = offersOf(draft)
  if (!offers.ok) return offers
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
    ...offers.value,
    stillWantDate: draft.stillWantDate,
    stillWantDays: stillWantDays.value,
    privacyNotice: draft.privacyNotice.trim(),
    sitesPerApplicant: sitesPerApplicant.value,
    otherPlacesOnAccept: draft.otherPlacesOnAccept,
  })
}
