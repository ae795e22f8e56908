const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' })

// A YYYY-MM-DD date is a calendar day: shown in UTC so no time zone moves it to the day before.
export function formatCalendarDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`)
  return Number.isNaN(parsed.getTime()) ? date : dateFormat.format(parsed)
}
