import { setTimeout as sleep } from 'node:timers/promises'
import { multipartBody, type UploadFile } from './pdf-upload.ts'

// A file posted to a listening server while a visitor keeps asking for the public site's data,
// as bench:map does with inject: how long the upload took and its answer, and how long the
// visitor waited at worst, from when they meant to ask (the end of a 20 ms pause) to the answer.
// The visitor and the server share this process's event loop, so a parser that holds the loop
// shows in the pause running late as much as in the answer.

export interface ServedMeanwhile {
  status: number
  detail: string
  uploadMs: number
  slowestVisitMs: number
}

export async function uploadWhileServing(
  baseUrl: string,
  cookie: string,
  path: string,
  file: UploadFile,
  fields: Record<string, string> = {},
): Promise<ServedMeanwhile> {
  const { payload, headers } = await multipartBody(fields, file)
  let uploading = true
  let slowestVisitMs = 0
  const visitor = (async () => {
    while (uploading) {
      const due = performance.now() + 20
      await sleep(20)
      const site = await fetch(`${baseUrl}/api/site`)
      await site.arrayBuffer()
      if (site.status !== 200) throw new Error(`GET /api/site: ${site.status}`)
      slowestVisitMs = Math.max(slowestVisitMs, performance.now() - due)
    }
  })()
  const started = performance.now()
  const answer = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: payload,
  }).finally(() => (uploading = false))
  const body = await answer.text()
  const uploadMs = performance.now() - started
  await visitor
  const detail = answer.status === 200 ? '' : (JSON.parse(body) as { detail: string }).detail
  return { status: answer.status, detail, uploadMs, slowestVisitMs }
}
