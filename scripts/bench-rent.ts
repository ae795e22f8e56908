import { randomUUID } from 'node:crypto'
import { startServer } from '#tests/helpers/server-process'
import { startMessageIdServer } from '#tests/helpers/smtp'
import type { Invoice } from '#shared/schemas/rent'
import {
  apiClient,
  buildIfMissing,
  loadAverage,
  median,
  onEachEngine,
  startSeededServer,
  timed,
  memoryMb,
} from './bench/seeded-server.ts'

// `npm run bench:rent`: issue 16's targets on the council-sized data set (npm run seed:scale:
// 10,000 people, 2,000 plots), through the real server process, on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL:
// - starting a rent year of 2,000 plots (every invoice, its lines, its e-mail or letter and its
//   deadline job in one transaction): under 3 s, from the request to the answer;
// - the PDF of the year's invoices: under 30 s, with the server's memory under 300 MB (its peak,
//   VmHWM, in a server restarted after the invoice e-mails went, so that it is the PDF's own);
// - the arrears list and the year summary, with every other invoice paid: under 100 ms.
// It also reports how fast the invoice e-mails, each with its PDF, reach a local mail server.

const RUNS = 5

async function bench(engine: string, env: Record<string, string>) {
  console.log(`\n== ${engine}: seeding the scale data set (10,000 people, 2,000 plots)`)
  const smtp = await startMessageIdServer()
  // The seed script reads the engine from the environment, as the server does.
  process.env.DATABASE_URL = env.DATABASE_URL
  const serverEnv = { ...env, SMTP_URL: smtp.url, TODAY: '2026-12-20', LOG_LEVEL: 'silent' }
  const app = await startSeededServer('seed-scale.ts', serverEnv)
  try {
    const pid = app.server.process.pid!
    let call = await apiClient(app.server)
    // The start takes what its preview says it sends, confirmed; the preview is not timed.
    const { sending } = (await (
      await call('/api/rent/years/preview', { startDate: '2026-10-01' })
    ).json()) as { sending: object }
    const [started, startMs] = await timed(async () =>
      (await call('/api/rent/years', { startDate: '2026-10-01', confirmed: sending })).json(),
    )
    const { yearId, created } = started as { yearId: number; created: number }
    console.log(
      `start a rent year: ${created.toLocaleString('en-GB')} invoices in ${startMs.toFixed(0)} ms (target under 3,000 ms). ${loadAverage()}`,
    )

    const [sent, sendMs] = await timed(async () => {
      for (;;) {
        const [batch] = (await (await call('/api/messages')).json()) as Array<{
          counts: Record<string, number>
        }>
        const { queued = 0, sending = 0, sent: done = 0, failed = 0 } = batch!.counts
        if (queued + sending === 0) {
          if (failed > 0) throw new Error(`${failed} invoice e-mails failed`)
          return done
        }
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })
    console.log(
      `invoice e-mails, each with its PDF made as it goes: ${sent.toLocaleString('en-GB')} in ${(sendMs / 1000).toFixed(1)} s, ` +
        `${(sent / (sendMs / 1000)).toFixed(0)} a second; server peak ${memoryMb(pid, 'VmHWM').toFixed(0)} MB`,
    )

    const invoices = (await (await call(`/api/rent/years/${yearId}/invoices`)).json()) as Invoice[]
    const paying = invoices.filter((_, index) => index % 2 === 0)
    for (let start = 0; start < paying.length; start += 20)
      await Promise.all(
        paying.slice(start, start + 20).map((invoice) =>
          call(`/api/rent/invoices/${invoice.id}/payments`, {
            amount: invoice.amount,
            method: 'transfer',
            date: '2026-10-10',
            reference: `INV-${invoice.number}`,
            requestId: randomUUID(),
          }),
        ),
      )
    console.log(`paid ${paying.length.toLocaleString('en-GB')} invoices in full through the API`)

    // A fresh process, so that its peak memory is the PDF's and the reports', not the e-mails'.
    await app.server.stop()
    const server = await startServer({ dataDir: app.server.dataDir, env: serverEnv })
    try {
      const fresh = server.process.pid!
      call = await apiClient(server)
      console.log(`restarted: server memory ${memoryMb(fresh, 'VmRSS').toFixed(0)} MB`)
      const [pdfBytes, pdfMs] = await timed(
        async () =>
          (await (await call(`/api/rent/years/${yearId}/invoices.pdf`)).arrayBuffer()).byteLength,
      )
      console.log(
        `the invoices PDF of ${invoices.length.toLocaleString('en-GB')}: ${(pdfBytes / 1e6).toFixed(1)} MB in ${(pdfMs / 1000).toFixed(1)} s ` +
          `(target under 30 s); server peak ${memoryMb(fresh, 'VmHWM').toFixed(0)} MB (target under 300 MB)`,
      )
      for (const [name, path] of [
        ['arrears list', '/api/rent/arrears'],
        ['year summary', `/api/rent/years/${yearId}/summary`],
      ] as const) {
        const times: number[] = []
        let rows = 0
        for (let run = 0; run < RUNS; run++) {
          const [body, ms] = await timed(async () => (await call(path)).json())
          times.push(ms)
          rows = Array.isArray(body) ? body.length : 1
        }
        console.log(
          `${name}: median ${median(times).toFixed(0)} ms of ${RUNS} (${times.map((t) => t.toFixed(0)).join(', ')}), ` +
            `${rows.toLocaleString('en-GB')} rows (target under 100 ms)`,
        )
      }
      console.log(
        `server peak memory after the restart: ${memoryMb(fresh, 'VmHWM').toFixed(0)} MB. ${loadAverage()}`,
      )
    } finally {
      await server.stop()
    }
  } finally {
    await app.stop()
    await smtp.close()
  }
}

await buildIfMissing()
await onEachEngine('allotment_bench_rent', bench)
