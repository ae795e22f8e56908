import { addMonths, londonDate, londonMoment } from '#shared/domain/dates'
import { addDays } from '#shared/domain/rent'

// The nightly backup (issue 45, docs/decisions/0042): when it runs, and which backups are kept.

/** How many backups are kept: those of the last `days` days, and one for each of `months`. */
export interface Keeping {
  days: number
  months: number
}

/** The London day of the next backup after `now`, at `time` (hh:mm) on London's clock. */
export function nextBackupDay(now: Date, time: string): string {
  const today = londonDate(now)
  return londonMoment(today, time) > now ? today : addDays(today, 1)
}

/**
 * Of the days backups were taken, those kept on `today`: each of the last `days` days (today
 * among them), and the first backup of each of the last `months` calendar months (this one among
 * them), which stays the first of its month however many later ones come and go. A day after
 * today (a clock put back) is kept: nothing is deleted that the rule does not name.
 */
export function backupDaysKept(
  taken: readonly string[],
  today: string,
  { days, months }: Keeping,
): Set<string> {
  const firstDay = addDays(today, 1 - days)
  const thisMonth = today.slice(0, 7)
  const firstMonth = addMonths(`${thisMonth}-01`, 1 - months).slice(0, 7)
  const kept = new Set(taken.filter((day) => day >= firstDay))
  const monthsSeen = new Set<string>()
  for (const day of [...taken].sort()) {
    const month = day.slice(0, 7)
    if (month >= firstMonth && month <= thisMonth && !monthsSeen.has(month)) {
      monthsSeen.add(month)
      kept.add(day)
    }
  }
  return kept
}
