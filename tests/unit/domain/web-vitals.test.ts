import { describe, expect, it } from 'vitest'
import { METRIC_NAMES, THRESHOLDS, rate, ratingWord } from '#shared/domain/web-vitals'

describe('web vitals ratings (web.dev thresholds)', () => {
  it('has the published thresholds and no FID', () => {
    expect(THRESHOLDS).toEqual({
      LCP: [2500, 4000],
      INP: [200, 500],
      CLS: [0.1, 0.25],
      FCP: [1800, 3000],
      TTFB: [800, 1800],
    })
    expect(METRIC_NAMES).not.toContain('FID')
  })

  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['INP', 0, 'good'],
    ['INP', 200, 'good'],
    ['INP', 350, 'needs-improvement'],
    ['INP', 500.5, 'poor'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.11, 'needs-improvement'],
    ['CLS', 0.25, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
    ['FCP', 1800, 'good'],
    ['FCP', 3000, 'needs-improvement'],
    ['FCP', 3001, 'poor'],
    ['TTFB', 799, 'good'],
    ['TTFB', 1800, 'needs-improvement'],
    ['TTFB', 60_000, 'poor'],
  ] as const)('rates %s %d as %s', (name, value, rating) => {
    expect(rate(name, value)).toBe(rating)
  })

  it('words a rating for people', () => {
    expect(ratingWord('needs-improvement')).toBe('needs improvement')
    expect(ratingWord('good')).toBe('good')
  })
})
