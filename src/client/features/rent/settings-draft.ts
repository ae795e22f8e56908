import { commonMessages } from '#shared/messages/common'
import { rentMessages } from '#shared/messages/rent'
import { parsePounds, penceInput } from '#shared/domain/money'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { everyYearHas } from '#shared/domain/rent'
import type { RentSettings } from '#shared/schemas/rent'
import { daysInput, wholeNumber, wrongInput } from '../../lib/days-input.ts'

// What the rent settings form edits: every number as typed, until it is read on saving.
export interface SettingsDraft {
  /** MM-DD, as the day and month fields give it. */
  yearStart: string
  daysToPay: string
  chargeBasis: RentSettings['chargeBasis']
  rate: string
  concessionPercent: string
  extras: Array<{ name: string; amount: string }>
  paymentInstructions: string
  first: string
  second: string
  arrears: string
  partYear: RentSettings['partYear']
}

export const MAX_EXTRAS = 10

export function draftOf(settings: RentSettings): SettingsDraft {
  return {
    yearStart: settings.yearStart,
    daysToPay: String(settings.daysToPay),
    chargeBasis: settings.chargeBasis,
    rate: settings.ratePerSquareMetre > 0 ? penceInput(settings.ratePerSquareMetre) : '0',
    concessionPercent: String(settings.concessionPercent),
    extras: settings.extras.map(({ name, amount }) => ({ name, amount: penceInput(amount) })),
    paymentInstructions: settings.paymentInstructions,
    first: String(settings.reminderDays.first),
    second: String(settings.reminderDays.second),
    arrears: String(settings.reminderDays.arrears),
    partYear: settings.partYear,
  }
}

/**
 * The settings the draft says, or the first thing wrong with it. The server checks them again
 * with the schema; reading them here keeps zod off the screen.
 */
export function settingsOf(draft: SettingsDraft): Outcome<RentSettings> {
  // A day every year has: 29 February would skip three years in four.
  if (!everyYearHas(draft.yearStart))
    return wrongInput('Rent year starts', 'a day that every year has')
  const daysToPay = daysInput(draft.daysToPay, 'Days to pay')
  if (!daysToPay.ok) return daysToPay
  let ratePerSquareMetre = 0
  if (draft.rate.trim() && Number(draft.rate.trim().replace(/^£/, '')) !== 0) {
    const rate = parsePounds(draft.rate)
    if (!rate.ok) return rate
    ratePerSquareMetre = rate.value
  }
  const concessionPercent = wholeNumber(draft.concessionPercent)
  if (!(concessionPercent >= 0 && concessionPercent <= 100))
    return wrongInput('The concession', 'a whole number, from 0 to 100')
  const extras: RentSettings['extras'] = []
  for (const [index, extra] of draft.extras.entries()) {
    const name = extra.name.trim()
    if (!name) return refuse(commonMessages.inputMissing(`The name of extra charge ${index + 1}`))
    const amount = parsePounds(extra.amount)
    if (!amount.ok) return amount
    extras.push({ name, amount: amount.value })
  }
  const first = daysInput(draft.first, 'The first reminder')
  if (!first.ok) return first
  const second = daysInput(draft.second, 'The second reminder')
  if (!second.ok) return second
  const arrears = daysInput(draft.arrears, 'Arrears')
  if (!arrears.ok) return arrears
  if (!(first.value < second.value && second.value < arrears.value))
    return refuse(rentMessages.reminderDaysOrder)
  return ok({
    yearStart: draft.yearStart,
    daysToPay: daysToPay.value,
    chargeBasis: draft.chargeBasis,
    ratePerSquareMetre,
    concessionPercent,
    extras,
    paymentInstructions: draft.paymentInstructions.trim(),
    reminderDays: { first: first.value, second: second.value, arrears: arrears.value },
    partYear: draft.partYear,
  })
}
