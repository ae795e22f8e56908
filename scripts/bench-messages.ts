import { openDatabase } from '#server/core/db/database'
import { startMessageIdServer } from '#tests/helpers/smtp'
import type { Person } from '#shared/schemas/person'
import {
  buildIfMissing,
  loadAverage,
  signInCookie,
  startSeededServer,
  memoryMb,
} from './bench/seeded-server.ts'

// `npm run bench:messages`: issue 15's targets on the council-sized data set (npm run seed:scale:
// 10,000 people), through the real server process on SQLite.
// - A message to all 10,000 people queued (every copy and the jobs that send them stored in one
//   transaction): under 2 s, from the request to the answer.
// - Its e-mails sent to a local SMTP server through the pooled transport: at least 200 a second,
//   from the answer to the last e-mail received.
// - The letters PDF of a message to 2,000 people who take post, streamed: under 20 s, with the
//   server's memory under 300 MB (its peak, VmHWM, read after each step).

const LETTERS = 2_000

await buildIfMissing()
const smtp = await startMessageIdServer()
console.log('== seeding the scale data set (10,000 people)')
const app = await startSeededServer('seed-scale.ts', { SMTP_URL: smtp.url, JOB_POLL_MS: '200' })
const pid = app.server.process.pid!
try {
  const url = app.server.url
  const atStart = memoryMb(pid, 'VmRSS')
  const cookie = await signInCookie(url)
  const headers = { cookie, 'content-type': 'application/json', origin: url }
  const people = (await (
    await fetch(`${url}/api/people`, { headers: { cookie } })
  ).json()) as Person[]
  console.log(
    `${people.length.toLocaleString('en-GB')} people; server memory at start ${atStart.toFixed(0)} MB, after listing them ${memoryMb(pid, 'VmRSS').toFixed(0)} MB (peak ${memoryMb(pid, 'VmHWM').toFixed(0)} MB). ${loadAverage()}`,
  )

  // Nothing is sent unseen (issue 44): the preview first, then the send with its confirmation.
  const post = (path: string, body: object) =>
    fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })

  const draftTo = (ids: string[], subject: string) => ({
    audience: { kind: 'people', ids },
    subject,
    body: 'Dear {firstName},\nThe water is off on Saturday for {plots}; {amountDue} is due.\n{associationName}',
  })
  const preview = async (draft: object) => {
    const previewed = await post('/api/messages/plan', draft)
    const plan = (await previewed.json()) as { confirmation: string }
    if (!previewed.ok) throw new Error(JSON.stringify(plan))
    return plan.confirmation
  }

  // BENCH_PEOPLE sends to fewer, for a quicker look while tuning.
  const everyone = people
    .slice(0, Number(process.env.BENCH_PEOPLE ?? people.length))
    .map((p) => p.id)
  const draft = draftTo(everyone, 'The water is off, {fullName}')
  let started = performance.now()
  const confirmation = await preview(draft)
  const previewMs = performance.now() - started
  console.log(
    `previewed: ${previewMs.toFixed(0)} ms for ${everyone.length.toLocaleString('en-GB')} people (the count and the first person's copies); server peak memory so far ${memoryMb(pid, 'VmHWM').toFixed(0)} MB`,
  )
  started = performance.now()
  const response = await post('/api/messages', { ...draft, confirmation })
  const queuedMs = performance.now() - started
  const queued = (await response.json()) as { batchId: number; email: number; post: number }
  if (!response.ok) throw new Error(JSON.stringify(queued))
  console.log(
    `queued: ${queuedMs.toFixed(0)} ms for ${everyone.length.toLocaleString('en-GB')} people ` +
      `(${queued.email.toLocaleString('en-GB')} e-mails, ${queued.post.toLocaleString('en-GB')} letters; target under 2,000 ms); server peak memory so far ${memoryMb(pid, 'VmHWM').toFixed(0)} MB`,
  )

  started = performance.now()
  while (smtp.received.length < queued.email) {
    if (performance.now() - started > 300_000)
      throw new Error(`only ${smtp.received.length} e-mails arrived`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const sendingS = (performance.now() - started) / 1000
  console.log(
    `sent: ${queued.email.toLocaleString('en-GB')} e-mails in ${sendingS.toFixed(1)} s, ` +
      `${(queued.email / sendingS).toFixed(0)} a second (target at least 200); ` +
      `server peak memory so far ${memoryMb(pid, 'VmHWM').toFixed(0)} MB`,
  )

  // 2,000 people take post, as if they had asked for it on their page.
  const takers = people.slice(0, LETTERS).map((p) => p.id)
  const db = openDatabase({ dataDir: app.server.dataDir })
  await db.kysely
    .updateTable('people')
    .set({ contactBy: 'post' })
    .where('id', 'in', takers)
    .execute()
  await db.destroy()
  const lettersDraft = draftTo(takers, 'Your plot, {fullName}')
  const lettersSent = await post('/api/messages', {
    ...lettersDraft,
    confirmation: await preview(lettersDraft),
  })
  const letters = (await lettersSent.json()) as {
    batchId: number
    post: number
  }

  let peakRss = 0
  const watch = setInterval(() => (peakRss = Math.max(peakRss, memoryMb(pid, 'VmRSS'))), 50)
  started = performance.now()
  const pdf = await fetch(`${url}/api/messages/${letters.batchId}/letters.pdf`, {
    headers: { cookie },
  })
  let bytes = 0
  let firstByteMs = 0
  const reader = pdf.body!.getReader()
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    if (bytes === 0) firstByteMs = performance.now() - started
    bytes += part.value.length
  }
  const pdfS = (performance.now() - started) / 1000
  clearInterval(watch)
  console.log(
    `letters PDF: ${letters.post.toLocaleString('en-GB')} letters, ${(bytes / 1e6).toFixed(1)} MB in ${pdfS.toFixed(1)} s ` +
      `(first bytes after ${firstByteMs.toFixed(0)} ms; target under 20 s); server memory while writing it ` +
      `at most ${peakRss.toFixed(0)} MB, peak of the whole run ${memoryMb(pid, 'VmHWM').toFixed(0)} MB (target under 300 MB)`,
  )
  console.log(loadAverage())
} finally {
  await app.stop()
  await smtp.close()
}
