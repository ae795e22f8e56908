import { isUnitless, type MetricName } from '#shared/domain/web-vitals'

// CLS is a score (two decimals is how web.dev quotes it); the rest are whole milliseconds.
export function formatVital(name: MetricName, value: number): string {
  if (isUnitless(name)) return value.toFixed(2)
  return `${Math.round(value).toLocaleString('en-GB')} ms`
}
