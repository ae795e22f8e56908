import { describe, expect, it } from 'vitest'
import { latestByPlot, nextUnseen, recordedWhen } from '#shared/domain/inspections'

const plots = ['1', '2', '3', '4'].map((id) => ({ id }))

describe('walking a round', () => {
  it('goes on to the next plot not yet seen, round to the start', () => {
    expect(nextUnseen(plots, new Set(), '1')).toBe('2')
    expect(nextUnseen(plots, new Set(['2', '3']), '1')).toBe('4')
    expect(nextUnseen(plots, new Set(['1', '2']), '4')).toBe('3')
    // The last one left is where it stays.
    expect(nextUnseen(plots, new Set(['1', '2', '4']), '3')).toBe('3')
    // Before any plot is chosen, the first in walking order.
    expect(nextUnseen(plots, new Set(), '4')).toBe('1')
  })

  it("takes a plot's later record as its grade, whichever reached the server first", () => {
    const record = (id: string, plotId: string, recordedAt: string, receivedAt: string) => ({
      id,
      plotId,
      recordedAt,
      receivedAt,
    })
    const latest = latestByPlot([
      record('later', '1', '2026-06-01T10:05:00.000Z', '2026-06-01T10:05:01.000Z'),
      record('earlier', '1', '2026-06-01T10:00:00.000Z', '2026-06-01T12:00:00.000Z'),
      record('same-minute-first', '2', '2026-06-01T10:00:00.000Z', '2026-06-01T10:00:01.000Z'),
      record('same-minute-second', '2', '2026-06-01T10:00:00.000Z', '2026-06-01T10:00:02.000Z'),
    ])
    expect(latest.get('1')?.id).toBe('later')
    expect(latest.get('2')?.id).toBe('same-minute-second')
  })

  it("keeps the phone's time of recording unless the phone's clock was plainly wrong", () => {
    const arrived = '2026-06-02T08:00:00.000Z'
    const recorded = (at: string) => recordedWhen(at, '2026-06-01', arrived)
    // Walked on the round's day and sent the next morning: the phone's time.
    expect(recorded('2026-06-01T10:00:00.000Z')).toBe('2026-06-01T10:00:00.000Z')
    // Half past midnight in London on the round's day, in summer: still that day.
    expect(recorded('2026-05-31T23:30:00.000Z')).toBe('2026-05-31T23:30:00.000Z')
    expect(recorded(arrived)).toBe(arrived)
    // Before the round's day, after it arrived, or a clock years out: when it arrived.
    for (const wrong of [
      '2026-05-31T22:59:59.999Z',
      '2026-06-02T08:00:00.001Z',
      '9999-01-01T00:00:00.000Z',
      '0001-01-01T00:00:00.000Z',
      '0999-06-01T00:00:00.000Z',
    ])
      expect(recorded(wrong), wrong).toBe(arrived)
  })
})
