import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { multipartBody, type UploadFile } from './pdf-upload.ts'

// A file posted to a listening server while a visitor keeps asking for the public site's data,
// as bench:map does with inject: how long the upload took and its answer, and how long the
// visitor waited at worst, from when they meant to ask (the end of a 20 ms pause) to the answer.
// The visitor and the server share this process's event loop, so a parser that holds the loop
// shows in the pause running late as much as in the answer. The file is sent from a process of
// its own, as a browser sends it: sending 20 MB took fetch here 100 ms of this loop, which is the
// client's work, not the server's.

export interface ServedMeanwhile {
  status: number
  detail: string
  uploadMs: number
  slowestVisitMs: number
}

// Posts the body in the file argv[2] to argv[3] with the headers (JSON) argv[4]; prints the
// answer's status and body as JSON.
const POSTER = `
import fs from 'node:fs'
const [body, url, headers] = process.argv.slice(-3)
const answer = await fetch(url, { method: 'POST', headers: JSON.parse(headers), body: fs.readFileSync(body) })
process.stdout.write(JSON.stringify({ status: answer.status, body: await answer.text() }))
`

export async function uploadWhileServing(
  baseUrl: string,
  cookie: string,
  urlPath: string,
  file: UploadFile,
  fields: Record<string, string> = {},
): Promise<ServedMeanwhile> {
  const { payload, headers } = await multipartBody(fields, file)
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'allotment-upload-'))
  const bodyFile = path.join(folder, 'body')
  fs.writeFileSync(bodyFile, payload)
  // Started before the visitor: starting a process holds this one up for tens of milliseconds.
  const started = performance.now()
  const posted = post([bodyFile, `${baseUrl}${urlPath}`, JSON.stringify({ ...headers, cookie })])
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
  const answer = await posted.finally(() => (uploading = false))
  const uploadMs = performance.now() - started
  await visitor
  fs.rmSync(folder, { recursive: true, force: true })
  const detail = answer.status === 200 ? '' : (JSON.parse(answer.body) as { detail: string }).detail
  return { status: answer.status, detail, uploadMs, slowestVisitMs }
}

function post(args: string[]): Promise<{ status: number; body: string }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', POSTER, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`the upload failed (${code})`)),
    ),
  )
}
