// Hours as work hours count them (decision 66): whole quarter hours, so that no sum of hours is
// ever a fraction a screen would round. Apart from work-hours.ts, which the screens need not load.

export const QUARTERS_PER_HOUR = 4

/** Hours (a multiple of 0.25) as whole quarters. */
export const quartersOf = (hours: number) => Math.round(hours * QUARTERS_PER_HOUR)

/** Whole quarters as hours. */
export const hoursOf = (quarters: number) => quarters / QUARTERS_PER_HOUR

/** Hours written as people say them: "1 hour", "3 hours", "2.5 hours", "0.75 hours". */
export const hoursText = (hours: number) =>
  hours === 1 ? '1 hour' : `${hours.toLocaleString('en-GB')} hours`
