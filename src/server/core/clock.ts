import { toIsoDate } from '#shared/domain/text'
import type { Config } from '#server/core/config'

// The server's one clock. Every date a change stores (a tenancy's start, an offer's deadline, an
// invoice's due date) and every "is it due yet" reads it, so TODAY moves them all together, and a
// test that moves `config.clock` on moves every feature with it.
export interface Clock {
  /** Now, as the server takes it. */
  now(): Date
  /** Today's date, YYYY-MM-DD (the UTC day, as every stored date is). */
  today(): string
}

export function clockOf(config: Pick<Config, 'clock'>): Clock {
  return {
    now: () => config.clock(),
    today: () => toIsoDate(config.clock()),
  }
}
