import { addMonths } from '#shared/domain/dates'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { rentNoticeMessages } from '#shared/messages/rent-notices'
import type { RentRates } from '#shared/schemas/rent'

// Raising a rent rate with notice (issue 47, item 6, decision 62): a tenancy's rent may be raised
// only after notice, twelve months unless the agreement says otherwise (the setting).

/** The longest notice the setting allows, in months (twelve unless set: DEFAULT_RENT_SETTINGS). */
export const MAX_RAISE_NOTICE_MONTHS = 24

/** The earliest day a rate raised today may take effect. */
export const earliestRaise = (today: string, months: number) => addMonths(today, months)

/**
 * Whether `after` charges anyone more than `before`: a rate, a band's fee or an extra up, an extra
 * added, the concession smaller, or the way of charging changed (a plot charged by area may then
 * pay more). Compared rate by rate, so that one rate up is a raise though another came down.
 */
export function raisesRates(before: RentRates, after: RentRates): boolean {
  if (before.chargeBasis !== after.chargeBasis) return true
  if (after.areaRate > before.areaRate) return true
  const bands = ['full', 'half', 'quarter'] as const
  if (bands.some((band) => after.bandFees[band] > before.bandFees[band])) return true
  if (after.concessionPercent < before.concessionPercent) return true
  const was = new Map(before.extras.map((extra) => [extra.name.toLowerCase(), extra.amount]))
  return after.extras.some((extra) => extra.amount > (was.get(extra.name.toLowerCase()) ?? 0))
}

/**
 * The day a raise takes effect: the day asked for, if no earlier than the notice allows (refused
 * otherwise, or when none is given).
 */
export function raiseTakesEffect(
  today: string,
  months: number,
  asked: string | undefined,
): Outcome<string> {
  const earliest = earliestRaise(today, months)
  if (asked === undefined || asked < earliest)
    return refuse(rentNoticeMessages.raiseTooSoon(earliest), 'takesEffect')
  return ok(asked)
}
