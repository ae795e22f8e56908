/** A moment as the screens show it: 24 Nov 2026, 20:35. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
