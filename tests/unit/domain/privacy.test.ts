import { describe, expect, it } from 'vitest'
import { addMonths } from '#shared/domain/dates'
import { cutoffs, DEFAULT_PRIVACY_SETTINGS, leaverDueOn } from '#shared/domain/privacy'
import { textScrubber } from '#server/core/db/scrub'

// Issue 30, item 3: when each kind of personal data goes, and the scrub a retention run makes of
// the log for many erasures at once.

describe('retention periods', () => {
  it('counts calendar months and years, as a person reads a period', () => {
    expect(addMonths('2026-11-26', 12)).toBe('2027-11-26')
    expect(addMonths('2026-11-26', -72)).toBe('2020-11-26')
    // A year from 29 February is the last day of the next February, as a person counts it.
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28')
  })

  it('makes a former member due the period after the last change to their record', () => {
    expect(leaverDueOn('2024-03-15', DEFAULT_PRIVACY_SETTINGS)).toBe('2026-03-15')
    expect(leaverDueOn('2024-03-15', { ...DEFAULT_PRIVACY_SETTINGS, leaverYears: 5 })).toBe(
      '2029-03-15',
    )
  })

  it('deletes what was recorded before each period began, and keeps that day’s', () => {
    expect(cutoffs('2026-11-26', DEFAULT_PRIVACY_SETTINGS)).toEqual({
      enquiries: '2025-11-26',
      signInFailures: '2026-08-28',
      logEntries: '2020-11-26',
    })
  })
})

describe('scrubbing many erasures in one reading', () => {
  const scrub = textScrubber([
    {
      details: ['Ann Smith', '12 Orchard Lane', 'Riverside RV6 7EX', 'ann@example.org'],
      marker: 'Former member 1',
    },
    { details: ['"asmith"'], marker: '"former-1"' },
    { details: ['Bob Jones', 'Riverside RV1 2AB'], marker: 'Former member 2' },
  ])

  it('replaces each person’s details, as written, in lower case and in capitals', () => {
    const entry = JSON.stringify({
      note: 'ANN SMITH moved from 12 Orchard Lane',
      email: 'ann@example.org',
      tenant: 'asmith',
      to: 'bob jones',
    })
    expect(JSON.parse(scrub(entry))).toEqual({
      note: 'Former member 1 moved from Former member 1',
      email: 'Former member 1',
      tenant: 'former-1',
      to: 'Former member 2',
    })
  })

  it('finds an address’s parts across an escaped line break, the whole before its parts', () => {
    const entry = JSON.stringify({ address: '12 Orchard Lane\nRiverside RV6 7EX' })
    expect(JSON.parse(scrub(entry))).toEqual({ address: 'Former member 1\nFormer member 1' })
  })

  it('leaves text that only shares a word with a detail, and an id inside another word', () => {
    const entry = JSON.stringify({ town: 'Riverside RV9 9ZZ', who: 'Ann Smithers', id: 'asmithy' })
    expect(scrub(entry)).toBe(entry)
  })
})
