import { describe, expect, it } from 'vitest'
import {
  addLists,
  councilFigures,
  NO_LIST,
  NO_RENT,
  reportYears,
  type ReportLetting,
  type ReportList,
} from '#shared/domain/council-report'

// Decision 52: who counts as waiting at a past year's end, and the wait of those let.

const letting = (personId: string, joinedOn: string, acceptedOn: string): ReportLetting => ({
  personId,
  siteId: 1,
  acceptedOn,
  joinedOn,
})

describe('the council report', () => {
  // Two open places (one joined in 2024, one in 2025); 'within' joined and was let in 2024;
  // 'after' joined in 2024 and was let in 2025; 'later' joined and was let in 2025.
  const lettings = [
    letting('within', '2024-01-01', '2024-03-01'),
    letting('after', '2024-09-01', '2025-01-10'),
    letting('later', '2025-02-01', '2025-05-02'),
  ]
  // The lists as counted at each year's end (the ended places joined by then).
  const at2024: ReportList = {
    open: 2,
    openByYearEnd: 1,
    acceptedByYearEnd: [
      { personId: 'within', siteId: 1 },
      { personId: 'after', siteId: 1 },
    ],
  }
  const at2025: ReportList = {
    ...at2024,
    openByYearEnd: 2,
    acceptedByYearEnd: [...at2024.acceptedByYearEnd, { personId: 'later', siteId: 1 }],
  }
  const figures = (year: number, list: ReportList) =>
    councilFigures({ plots: [], list, lettings, rent: NO_RENT }, year, '2025-11-27')

  it("counts at a past year's end the places open now or ended by a letting after it", () => {
    // 'within' was let in 2024 itself; 'after' still waited at its end.
    expect(figures(2024, at2024).waiting).toBe(2)
    // The current year: the places open now.
    expect(figures(2025, at2025).waiting).toBe(2)
    expect(figures(2024, { ...at2024, acceptedByYearEnd: [] }).waiting).toBe(1)
  })

  it('averages the whole days from joining the list to accepting, for the year asked', () => {
    expect(figures(2024, at2024)).toMatchObject({ lettings: 1, averageWaitDays: 60 })
    // 131 days and 90 days.
    expect(figures(2025, at2025)).toMatchObject({ lettings: 2, averageWaitDays: 111 })
    expect(figures(2023, NO_LIST)).toMatchObject({ lettings: 0, averageWaitDays: null })
    const unknown = [{ ...lettings[0]!, joinedOn: '' }]
    expect(
      councilFigures(
        { plots: [], list: NO_LIST, lettings: unknown, rent: NO_RENT },
        2024,
        '2025-11-27',
      ),
    ).toMatchObject({ lettings: 1, averageWaitDays: null })
  })

  it("adds the sites' lists together for the total", () => {
    expect(addLists(at2024, at2025)).toEqual({
      open: 4,
      openByYearEnd: 3,
      acceptedByYearEnd: [...at2024.acceptedByYearEnd, ...at2025.acceptedByYearEnd],
    })
  })

  it('offers the years from the first on record to the current one, newest first', () => {
    expect(reportYears(2026, ['2024-05-01', ''])).toEqual([2026, 2025, 2024])
    expect(reportYears(2026, [])).toEqual([2026])
  })
})
