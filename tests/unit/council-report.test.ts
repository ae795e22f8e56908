import { describe, expect, it } from 'vitest'
import {
  councilFigures,
  NO_RENT,
  reportYears,
  type ReportLetting,
  type ReportPlace,
} from '#shared/domain/council-report'

// Decision 52: who counts as waiting at a past year's end, and the wait of those let.

const place = (personId: string, joined: string, open: boolean, endedWhy = ''): ReportPlace => ({
  personId,
  siteId: 1,
  joinedWaitingList: joined,
  open,
  endedWhy,
})
const letting = (personId: string, acceptedOn: string): ReportLetting => ({
  personId,
  siteId: 1,
  acceptedOn,
})

describe('the council report', () => {
  const places = [
    place('open', '2024-06-01', true),
    place('later', '2025-02-01', false, 'accepted'),
    place('within', '2024-01-01', false, 'accepted'),
    place('lapsed', '2024-01-01', false, 'lapsed'),
    place('new', '2025-03-01', true),
  ]
  const lettings = [letting('later', '2025-05-02'), letting('within', '2024-03-01')]
  const figures = (year: number) =>
    councilFigures({ plots: [], places, lettings, rent: NO_RENT }, year, '2025-11-27')

  it("counts at a past year's end the places open now or ended by a letting after it", () => {
    // 'later' had not joined by the end of 2024; 'within' was let in 2024; 'lapsed' has no day.
    expect(figures(2024).waiting).toBe(1)
    expect(figures(2025).waiting).toBe(2)
  })

  it('averages the whole days from joining the list to accepting, for the year asked', () => {
    expect(figures(2024)).toMatchObject({ lettings: 1, averageWaitDays: 60 })
    expect(figures(2025)).toMatchObject({ lettings: 1, averageWaitDays: 90 })
    expect(figures(2023)).toMatchObject({ lettings: 0, averageWaitDays: null })
  })

  it('offers the years from the first on record to the current one, newest first', () => {
    expect(reportYears(2026, ['2024-05-01', ''])).toEqual([2026, 2025, 2024])
    expect(reportYears(2026, [])).toEqual([2026])
  })
})
