import type { MetricName, Rating } from '#shared/domain/web-vitals-report'

export * from '#shared/domain/web-vitals-report'

// How good a Core Web Vital is, as data: the upper bounds of 'good' and of 'needs improvement'
// that web.dev publishes (and the web-vitals library uses).
export const THRESHOLDS: Record<MetricName, readonly [good: number, needsImprovement: number]> = {
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  INP: [200, 500],
  LCP: [2500, 4000],
  TTFB: [800, 1800],
}

export const METRIC_LABELS: Record<MetricName, string> = {
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  INP: 'Interaction to Next Paint',
  LCP: 'Largest Contentful Paint',
  TTFB: 'Time to First Byte',
}

/** CLS is a unitless score; the others are milliseconds. */
export const isUnitless = (name: MetricName) => name === 'CLS'

/** Measurements are kept, and summarised, for this many days. */
export const VITALS_RETENTION_DAYS = 30

// Same rule as the web-vitals library: a value on a threshold still counts as the better rating.
export function rate(name: MetricName, value: number): Rating {
  const [good, needsImprovement] = THRESHOLDS[name]
  if (value <= good) return 'good'
  if (value <= needsImprovement) return 'needs-improvement'
  return 'poor'
}

export const ratingWord = (rating: Rating) => rating.replace('-', ' ')
