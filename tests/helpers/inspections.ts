import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { NoticesPreview } from '#shared/schemas/inspections'
import { multipartBody, type UploadFile } from './pdf-upload.ts'
import { send } from './records.ts'
import type { TestApp } from './test-app.ts'

// Inspections through the real API: a round started, and a plot's record sent as a phone sends
// it (multipart, the record as JSON and its photos).

export async function startRound(t: TestApp, cookie: string, date: string): Promise<number> {
  const response = await send(t, cookie, 'POST', '/api/inspection-rounds', { date, walkers: '' })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<{ id: number }>().id
}

/** A record of the plot as a phone makes it: its own id, recorded now, no photos. */
export const inspectionRecord = (
  roundId: number,
  plotId: string,
  grade: string,
  overrides: Record<string, unknown> = {},
) => ({
  id: randomUUID(),
  roundId,
  plotId,
  grade,
  cultivated: 50,
  notes: '',
  recordedAt: new Date().toISOString(),
  photoIds: [] as string[],
  ...overrides,
})

export async function sendRecord(
  t: TestApp,
  cookie: string,
  body: Record<string, unknown>,
  photos: UploadFile[] = [],
) {
  const form = await multipartBody({ inspection: JSON.stringify(body) }, photos, 'photos')
  return t.app.inject({
    method: 'POST',
    url: '/api/inspections',
    headers: { cookie, ...form.headers },
    payload: form.payload,
  })
}

/** Grades the plots of a round, one record each (201 expected). */
export async function gradePlots(
  t: TestApp,
  cookie: string,
  roundId: number,
  grades: Record<string, string>,
  photos: Record<string, UploadFile[]> = {},
) {
  for (const [plotId, grade] of Object.entries(grades)) {
    const images = photos[plotId] ?? []
    // Recorded on the day the app's clock says, as a phone walked that day would send it.
    const body = inspectionRecord(roundId, plotId, grade, {
      recordedAt: t.app.config.clock().toISOString(),
      notes: `Plot ${plotId}: ${grade.toLowerCase()}.`,
      photoIds: images.map(() => randomUUID()),
    })
    const response = await sendRecord(t, cookie, body, images)
    expect(response.statusCode, response.body).toBe(201)
  }
}

/** What Send notices would do now, sending nothing (200 expected). */
export async function previewNotices(
  t: TestApp,
  cookie: string,
  roundId: number,
): Promise<NoticesPreview> {
  const preview = await send(t, cookie, 'GET', `/api/inspection-rounds/${roundId}/notices/preview`)
  expect(preview.statusCode, preview.body).toBe(200)
  return preview.json<NoticesPreview>()
}

/**
 * Send notices as the screen does (issue 44): what it would do first, then the send with that
 * preview's confirmation. The send's answer.
 */
export async function sendNotices(t: TestApp, cookie: string, roundId: number) {
  const { confirmation } = await previewNotices(t, cookie, roundId)
  return send(t, cookie, 'POST', `/api/inspection-rounds/${roundId}/notices`, { confirmation })
}
