import { expect } from 'vitest'
import type { StartYear, YearPreview } from '#shared/schemas/rent'
import { send } from './records.ts'
import type { TestApp } from './test-app.ts'

// Starting a rent year as the screen does (issue 28): the preview, then the start with what the
// preview said it would send, confirmed.

/** What starting the year would send, as its preview says: the confirmation the start needs. */
export async function previewSending(
  t: TestApp,
  cookie: string,
  startDate: string,
): Promise<StartYear['confirmed']> {
  const preview = await send(t, cookie, 'POST', '/api/rent/years/preview', { startDate })
  expect(preview.statusCode, preview.body).toBe(200)
  return (preview.json() as YearPreview).sending
}

/** Previews the year and starts it, confirming what the preview said. */
export async function startRentYear(t: TestApp, cookie: string, startDate: string) {
  const confirmed = await previewSending(t, cookie, startDate)
  return send(t, cookie, 'POST', '/api/rent/years', { startDate, confirmed })
}
