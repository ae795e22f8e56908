import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { Notice } from '#shared/schemas/inspections'
import { inspectionRecord, previewNotices, sendRecord } from './inspections.ts'
import type { UploadFile } from './pdf-upload.ts'
import { send, sendMessage } from './records.ts'
import { samplePng } from './sample-image.ts'
import type { TestApp } from './test-app.ts'

// One site's letters and inspections (issue 46, decision 50), made by an administrator through
// the API: a message to its plot holders, and a round of its let plot, graded to need work, with
// a photo, and its notice sent.

export const photo: UploadFile = { bytes: samplePng, name: 'plot.png', type: 'image/png' }

export interface SiteWork {
  batchId: number
  roundId: number
  recordId: string
  photoId: string
  noticeId: number
}

/** A phone's record of the plot on the round, with one photo, as a FormData body. */
export function recordForm(roundId: number, plotId: string, photoId = randomUUID()) {
  const form = new FormData()
  const record = inspectionRecord(roundId, plotId, 'Needs work', { photoIds: [photoId] })
  form.append('inspection', JSON.stringify(record))
  form.append('photos', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name)
  return form
}

export async function siteWork(
  t: TestApp,
  admin: string,
  siteId: number,
  letPlotId: string,
): Promise<SiteWork> {
  const sent = await sendMessage(t, admin, {
    audience: { kind: 'plotholders', siteId },
    subject: 'Water off',
    body: 'Dear {firstName}, the water is off on Monday.',
  })
  expect(sent.statusCode, sent.body).toBe(201)
  const round = await send(t, admin, 'POST', '/api/inspection-rounds', {
    siteId,
    date: t.app.clock.today(),
    walkers: '',
  })
  expect(round.statusCode, round.body).toBe(201)
  const roundId = round.json<{ id: number }>().id
  const photoId = randomUUID()
  const record = {
    ...inspectionRecord(roundId, letPlotId, 'Needs work', { photoIds: [photoId] }),
    recordedAt: t.app.config.clock().toISOString(),
  }
  const recorded = await sendRecord(t, admin, record, [photo])
  expect(recorded.statusCode, recorded.body).toBe(201)
  const { confirmation } = await previewNotices(t, admin, roundId)
  const notices = await send(t, admin, 'POST', `/api/inspection-rounds/${roundId}/notices`, {
    confirmation,
  })
  expect(notices.statusCode, notices.body).toBe(200)
  const list = (await send(t, admin, 'GET', '/api/inspection-notices')).json<Notice[]>()
  const notice = list.find((one) => one.roundId === roundId)!
  return {
    batchId: sent.json<{ batchId: number }>().batchId,
    roundId,
    recordId: record.id,
    photoId,
    noticeId: notice.id,
  }
}
