import { describe, expect, it } from 'vitest'
import { blankPerson } from '#shared/domain/people'
import { checkEndDate, leavePlot } from '#shared/domain/tenancy-end'
import { tenancyEndMessages } from '#shared/messages/tenancy-end'

describe('a tenancy ending (issue 44)', () => {
  it('ends on a day from the one it began to today', () => {
    expect(checkEndDate('2026-10-01', '2026-10-01', '2027-01-15')).toEqual({
      ok: true,
      value: '2026-10-01',
    })
    expect(checkEndDate('2027-01-15', '2026-10-01', '2027-01-15').ok).toBe(true)
    expect(checkEndDate('2026-09-30', '2026-10-01', '2027-01-15')).toEqual({
      ok: false,
      message: tenancyEndMessages.endedBeforeBegan('2026-10-01'),
      field: 'endedOn',
    })
    expect(checkEndDate('2027-01-16', '2026-10-01', '2027-01-15')).toEqual({
      ok: false,
      message: tenancyEndMessages.endedAfterToday,
      field: 'endedOn',
    })
  })

  it('makes the leaver of their last plot a former tenant, and keeps a holder of another plot one', () => {
    const holder = { ...blankPerson('ann', false, '2020-01-01'), plots: ['3', '7'] }
    const kept = leavePlot(holder, '3', 'gaveUp')
    expect(kept).toMatchObject({ plots: ['7'], isPlotHolder: true, onWaitingList: false })
    expect(leavePlot(kept, '7', 'movedAway')).toMatchObject({ plots: [], isPlotHolder: false })
  })

  it('keeps a leaver on the waiting list there, unless they died', () => {
    const waiting = { ...blankPerson('bo', false, '2020-01-01'), plots: ['3'], onWaitingList: true }
    expect(leavePlot(waiting, '3', 'gaveUp')).toMatchObject({
      isPlotHolder: false,
      onWaitingList: true,
    })
    expect(leavePlot(waiting, '3', 'died')).toMatchObject({
      isPlotHolder: false,
      onWaitingList: false,
    })
  })
})
