import { siteMapMessages } from '#shared/messages/site-map'
import { offThread } from '#server/core/off-thread'
import type { importSvg } from '#server/features/site-map/import-svg'

// Reading a drawing (jsdom, svgpath, DOMPurify) takes seconds for a council's site and cannot be
// split into steps, so it runs in a worker thread (core/off-thread.ts), measuring the text first
// (drawing-bounds.ts) there too: 5 MB of one tag is tens of milliseconds.

/** How long reading one drawing may take once its worker has started: the largest allowed
 * (10,000 elements) takes about 5 s of processor time, and a busy server stretches that. */
export const DRAWING_TIME_LIMIT_MS = 60_000

const reader = offThread<typeof importSvg>(
  new URL('./import-svg.ts', import.meta.url),
  'importSvg',
  { timeLimitMs: DRAWING_TIME_LIMIT_MS, tooLong: siteMapMessages.drawingTooComplex },
)

/** The drawing in `text` as plots and a sanitised background, or a refusal (AppError). */
export function readDrawing(text: string, timeLimitMs = DRAWING_TIME_LIMIT_MS) {
  return reader([text], timeLimitMs)
}
