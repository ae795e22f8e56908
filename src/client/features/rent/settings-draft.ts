import { commonMessages } from '#shared/messages/common'
import { rentMessages } from '#shared/messages/rent'
import type { AreaUnit, SizeBand } from '#shared/domain/area'
import { parseFee, parsePounds, parseRate, penceInput, rateInput } from '#shared/domain/money'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { everyYearHas } from '#shared/domain/rent'
import { earliestRaise, MAX_RAISE_NOTICE_MONTHS, raisesRates } from '#shared/domain/rate-raise'
import { rentNoticeMessages } from '#shared/messages/rent-notices'
import type { RentRates, RentSettings } from '#shared/schemas/rent'
import { daysInput, wholeInput, wholeNumber, wrongInput } from '../../lib/days-input.ts'

// What the rent settings forms edit: every number as typed, until it is read on saving. The
// rates are the organisation's form's and a site's own (decision 48).
export interface RatesDraft {
  chargeBasis: RentRates['chargeBasis']
  rate: string
  full: string
  half: string
  quarter: string
  concessionPercent: string
  extras: Array<{ name: string; amount: string }>
  /** The day raised rates take effect (decision 62), ISO; '' for the earliest the notice allows. */
  takesEffect: string
}

export interface SettingsDraft extends RatesDraft {
  /** MM-DD, as the day and month fields give it. */
  yearStart: string
  daysToPay: string
  areaUnit: AreaUnit
  paymentInstructions: string
  first: string
  second: string
  arrears: string
  partYear: RentSettings['partYear']
  raiseNoticeMonths: string
}

export const MAX_EXTRAS = 10

export function ratesDraftOf(rates: RentRates): RatesDraft {
  return {
    chargeBasis: rates.chargeBasis,
    rate: rateInput(rates.areaRate),
    full: penceInput(rates.bandFees.full),
    half: penceInput(rates.bandFees.half),
    quarter: penceInput(rates.bandFees.quarter),
    concessionPercent: String(rates.concessionPercent),
    extras: rates.extras.map(({ name, amount }) => ({ name, amount: penceInput(amount) })),
    takesEffect: '',
  }
}

export function draftOf(settings: RentSettings): SettingsDraft {
  return {
    ...ratesDraftOf(settings),
    yearStart: settings.yearStart,
    daysToPay: String(settings.daysToPay),
    areaUnit: settings.areaUnit,
    paymentInstructions: settings.paymentInstructions,
    first: String(settings.reminderDays.first),
    second: String(settings.reminderDays.second),
    arrears: String(settings.reminderDays.arrears),
    partYear: settings.partYear,
    raiseNoticeMonths: String(settings.raiseNoticeMonths),
  }
}

// A refusal of one field, named so that the form shows it by that field.
const of = <T>(outcome: Outcome<T>, field: keyof SettingsDraft): Outcome<T> =>
  outcome.ok ? outcome : refuse(outcome.message, field)

/** The band fees' fields and labels, as the form shows them and its refusals name them. */
export const BAND_FIELDS: ReadonlyArray<[SizeBand, string]> = [
  ['full', 'Full plot (£)'],
  ['half', 'Half plot (£)'],
  ['quarter', 'Quarter plot (£)'],
]

/**
 * The rates the draft says, or the first thing wrong with them, naming its field. The server
 * checks them again with the schema; reading them here keeps zod off the screen.
 */
export function ratesOf(draft: RatesDraft): Outcome<RentRates> {
  const areaRate = of(parseRate(draft.rate), 'rate')
  if (!areaRate.ok) return areaRate
  const bandFees = { full: 0, half: 0, quarter: 0 }
  for (const [band, label] of BAND_FIELDS) {
    const fee = parseFee(draft[band])
    if (!fee.ok) return of(wrongInput(label, 'pounds and pence, such as 32.50, or 0'), band)
    bandFees[band] = fee.value
  }
  const concessionPercent = wholeNumber(draft.concessionPercent)
  if (!(concessionPercent >= 0 && concessionPercent <= 100))
    return of(wrongInput('The concession', 'a whole number, from 0 to 100'), 'concessionPercent')
  const extras: RentSettings['extras'] = []
  for (const [index, extra] of draft.extras.entries()) {
    const name = extra.name.trim()
    if (!name) return refuse(commonMessages.inputMissing(`The name of extra charge ${index + 1}`))
    const amount = parsePounds(extra.amount)
    if (!amount.ok)
      return wrongInput(
        `The amount of extra charge ${index + 1}`,
        'pounds and pence, such as 12.50',
      )
    extras.push({ name, amount: amount.value })
  }
  return ok({
    chargeBasis: draft.chargeBasis,
    areaRate: areaRate.value,
    bandFees,
    concessionPercent,
    extras,
  })
}

/** The settings the draft says, or the first thing wrong with it, naming its field. */
export function settingsOf(draft: SettingsDraft): Outcome<RentSettings> {
  // A day every year has: 29 February would skip three years in four.
  if (!everyYearHas(draft.yearStart))
    return of(wrongInput('Rent year starts', 'a day that every year has'), 'yearStart')
  const daysToPay = of(daysInput(draft.daysToPay, 'Days to pay'), 'daysToPay')
  if (!daysToPay.ok) return daysToPay
  const rates = ratesOf(draft)
  if (!rates.ok) return rates
  const first = of(daysInput(draft.first, 'The first reminder'), 'first')
  if (!first.ok) return first
  const second = of(daysInput(draft.second, 'The second reminder'), 'second')
  if (!second.ok) return second
  const arrears = of(daysInput(draft.arrears, 'Arrears'), 'arrears')
  if (!arrears.ok) return arrears
  if (!(first.value < second.value && second.value < arrears.value))
    return refuse(rentMessages.reminderDaysOrder, 'second')
  const notice = of(
    wholeInput(draft.raiseNoticeMonths, rentNoticeMessages.raiseNoticeMonths, {
      min: 0,
      max: MAX_RAISE_NOTICE_MONTHS,
      unit: 'months',
    }),
    'raiseNoticeMonths',
  )
  if (!notice.ok) return notice
  return ok({
    ...rates.value,
    yearStart: draft.yearStart,
    daysToPay: daysToPay.value,
    areaUnit: draft.areaUnit,
    paymentInstructions: draft.paymentInstructions.trim(),
    reminderDays: { first: first.value, second: second.value, arrears: arrears.value },
    partYear: draft.partYear,
    raiseNoticeMonths: notice.value,
  })
}

/**
 * The settings with the day their rates take effect: for a raise of the rates saved, the day
 * chosen or else the earliest the notice allows from `today`; a lowering takes effect at once.
 */
export function settingsToSave(
  draft: SettingsDraft,
  saved: RentRates,
  today: string,
): Outcome<RentSettings & { takesEffect?: string }> {
  const settings = settingsOf(draft)
  if (!settings.ok || !raisesRates(saved, settings.value)) return settings
  const earliest = earliestRaise(today, settings.value.raiseNoticeMonths)
  return ok({ ...settings.value, takesEffect: draft.takesEffect || earliest })
}
