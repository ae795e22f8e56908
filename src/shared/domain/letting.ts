import { lettingMessages } from '#shared/messages/letting'
import { offerMessages } from '#shared/messages/offers'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { addDays } from '#shared/domain/rent'
import { isBlank } from '#shared/domain/text'
import type { LettingSettings } from '#shared/schemas/letting'

// The rules of letting a plot, pure: who is next in line, who an offer passes over, when an offer
// closes, where someone goes when they decline, and when the yearly question is asked.

export const DEFAULT_LETTING_SETTINGS: LettingSettings = {
  offerDays: 14,
  declineGoesToEnd: false,
  stillWantDate: '',
  stillWantDays: 28,
  privacyNotice: lettingMessages.privacyNotice,
  sitesPerApplicant: 3,
  otherPlacesOnAccept: 'end',
}

interface Waiting {
  id: string
  position: number
  hasOpenOffer: boolean
}

/** The first person in waiting order who is not already considering an offer. */
export function nextInLine<T extends Waiting>(waiting: readonly T[]): T | undefined {
  return waiting.find((person) => !person.hasOpenOffer)
}

/**
 * Checks the committee's choice: anyone but the next in line needs a reason. Gives back those the
 * offer passes over (ahead of the chosen person and free to take an offer), whose history says so.
 */
export function chooseOfferee<T extends Waiting>(
  waiting: readonly T[],
  personId: string,
  reason: string,
): Outcome<{ chosen: T; skipped: T[] }> {
  const chosen = waiting.find((person) => person.id === personId)
  if (!chosen) return refuse(offerMessages.notOnList)
  const skipped = waiting.filter(
    (person) => person.position < chosen.position && !person.hasOpenOffer,
  )
  if (skipped.length > 0 && isBlank(reason)) return refuse(offerMessages.reasonRequired)
  return ok({ chosen, skipped })
}

/** The last day to answer an offer made today. */
export const offerDeadline = (today: string, offerDays: number) => addDays(today, offerDays)

/** An offer can be answered up to and including its deadline. */
export const offerAnswerable = (offer: { status: string; deadline: string }, today: string) =>
  offer.status === 'open' && offer.deadline >= today

/** The day an offer that has not been answered is closed: the day after its deadline. */
export const offerExpiresOn = (deadline: string) => addDays(deadline, 1)

/** The next day, from today on, that the yearly question falls on; undefined if never asked. */
export function nextStillWantDate(today: string, stillWantDate: string): string | undefined {
  if (stillWantDate === '') return undefined
  const thisYear = `${today.slice(0, 4)}-${stillWantDate}`
  return thisYear >= today ? thisYear : `${Number(today.slice(0, 4)) + 1}-${stillWantDate}`
}
