import type { Metric } from 'web-vitals'
import {
  MAX_VITAL_VALUE,
  MAX_VITALS_PER_REPORT,
  type MetricName,
  type Rating,
} from '#shared/domain/web-vitals-report'

interface VitalRecord {
  name: MetricName
  value: number
  rating: Rating
  route: string
}

const ENDPOINT = '/api/vitals'

// Real-user measurements (issue 7). The library is imported only once the page has loaded and
// the browser is idle, so it is a chunk of its own and costs the first paint nothing; its
// observers are buffered, so it still sees the paints and shifts that happened before.
export function startWebVitals(routeOf: (pathname: string) => string) {
  // The route the page was loaded on: FCP, LCP and TTFB measure that load, and CLS and INP are
  // reported for the same page view rather than split across client-side navigations.
  const route = routeOf(location.pathname)
  const queue: VitalRecord[] = []

  const enqueue = ({ name, value, rating }: Metric) => {
    // One out-of-range value would make the server refuse the whole batch; drop it instead.
    if (!Number.isFinite(value) || value < 0 || value > MAX_VITAL_VALUE) return
    queue.push({ name: name as MetricName, value, rating, route })
  }

  const flush = () => {
    while (queue.length > 0) send(queue.splice(0, MAX_VITALS_PER_REPORT))
  }

  const start = () =>
    void import('web-vitals')
      .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(enqueue)
      })
      .catch(() => undefined) // measuring is best effort; a failed chunk load must not surface

  // Bubble phase on window: runs after web-vitals' own capture-phase listeners, which are the
  // ones that report CLS, INP and LCP when the page is hidden.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush()
  })
  addEventListener('pagehide', flush)

  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(start, { timeout: 5000 })
      : setTimeout(start, 1)
  if (document.readyState === 'complete') whenIdle()
  else addEventListener('load', whenIdle, { once: true })
}

// sendBeacon survives the page being closed; when the browser refuses it (queue full, or no
// support) a keepalive fetch does the same job.
function send(records: VitalRecord[]) {
  const body = JSON.stringify(records)
  const blob = new Blob([body], { type: 'application/json' })
  if (navigator.sendBeacon?.(ENDPOINT, blob)) return
  void fetch(ENDPOINT, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined)
}
