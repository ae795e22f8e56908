// What one real-user measurement report may contain. Kept apart from the thresholds in
// web-vitals.ts so that the browser's reporter, which is in the home page's entry chunk, only
// carries these few constants.
// INP replaced the retired FID in 2024, so FID is not accepted.
export const METRIC_NAMES = ['CLS', 'FCP', 'INP', 'LCP', 'TTFB'] as const
export type MetricName = (typeof METRIC_NAMES)[number]

export const RATINGS = ['good', 'needs-improvement', 'poor'] as const
export type Rating = (typeof RATINGS)[number]

export const MAX_VITALS_PER_REPORT = 20
/** Ten minutes in ms: anything longer is a broken clock or a tab left open, not a measurement. */
export const MAX_VITAL_VALUE = 600_000
export const MAX_ROUTE_LENGTH = 100
/** A route pattern such as '/members/plots/:id': no query string, no dots, no '@'. */
export const ROUTE_PATTERN = /^\/[\w\-/:]*$/
