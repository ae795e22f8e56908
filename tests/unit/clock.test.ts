import { describe, expect, it } from 'vitest'
import { clockOf, offsetToToday } from '#server/core/clock'

// Issue 46, item 8: the server's today is London's day, and TODAY names a London day.

const at = (instant: string) => clockOf({ clock: () => new Date(instant) })
const movedTo = (today: string, now: string) =>
  new Date(Date.parse(now) + offsetToToday(today, new Date(now))).toISOString()

describe("the server's clock", () => {
  it("takes today from London's clock", () => {
    expect(at('2026-06-30T23:30:00Z').today()).toBe('2026-07-01')
    expect(at('2026-03-29T00:30:00Z').today()).toBe('2026-03-29')
    expect(at('2026-10-25T00:30:00Z').today()).toBe('2026-10-25')
    expect(at('2026-12-31T23:30:00Z').today()).toBe('2026-12-31')
  })

  it("moves to TODAY's London day at London's time of day, whatever the hour it starts", () => {
    // 00:30 in London on 16 July (BST), moved to a winter day: 00:30 there too.
    expect(movedTo('2026-01-10', '2026-07-15T23:30:00Z')).toBe('2026-01-10T00:30:00.000Z')
    // 23:30 in London on 15 January (GMT), moved to a summer day: 23:30 BST, 22:30 UTC.
    expect(movedTo('2026-07-01', '2026-01-15T23:30:00Z')).toBe('2026-07-01T22:30:00.000Z')
    expect(at(movedTo('2026-07-01', '2026-01-15T23:30:00Z')).today()).toBe('2026-07-01')
    // Seconds run on as they do.
    expect(movedTo('2026-07-01', '2026-07-20T10:15:42.250Z')).toBe('2026-07-01T10:15:42.250Z')
    // The last hour of the day summer time ends (25 hours long) stays on TODAY.
    expect(at(movedTo('2026-03-02', '2026-10-25T23:30:00Z')).today()).toBe('2026-03-02')
  })

  it('moves to the moment TODAY gives, in UTC', () => {
    expect(movedTo('2026-06-30T23:30', '2026-01-15T09:00:00Z')).toBe('2026-06-30T23:30:00.000Z')
  })
})
