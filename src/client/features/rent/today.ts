const two = (n: number) => String(n).padStart(2, '0')

/** Today on the user's own calendar, YYYY-MM-DD (not UTC's, which is yesterday late at night in the west). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`
}
