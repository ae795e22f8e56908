import { randomUUID } from 'node:crypto'
import { chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/helpers/chromium.ts'
import type { TestServer } from '#tests/helpers/server-process'
import { BANK_STATEMENTS, type Payment } from '#tests/helpers/bank-statements'
import type { ConfirmMatches, Invoice, StatementCheck } from '#shared/schemas/rent'
import {
  apiClient,
  buildIfMissing,
  DEMO_ADMIN,
  loadAverage,
  median,
  onEachEngine,
  startSeededServer,
  timed,
} from './bench/seeded-server.ts'

// `npm run bench:statement`: issue 31's targets on the council-sized data set (npm run
// seed:scale: 2,000 plots), through the real server process, on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL, for a bank statement of 5,000 lines in Lloyds' layout (a
// council's month): 2,000 quoting their invoice, 1,500 only their payer's name, 1,000 money out
// and 500 that fit nothing.
// - read and matched (the upload to the answer): under 2 s; and shown, in Chromium, from the
//   press of Check statement to its lines on screen;
// - confirmed (every matched line and every best suggestion, in one transaction): under 2 s.
// It also times the same statement checked again (every line found recorded) and confirmed again
// (nothing recorded).

const RUNS = 3
const LINES = Number(process.env.BENCH_LINES ?? 5000)

function statementOf(invoices: Invoice[]): Buffer {
  const payments: Payment[] = []
  for (let n = 0; n < LINES; n++) {
    const invoice = invoices[n % invoices.length]!
    const date = `2026-10-${String(1 + (n % 28)).padStart(2, '0')}`
    if (n < LINES * 0.4)
      payments.push({ date, pence: 100, reference: `INV-${invoice.number} RENT` })
    else if (n < LINES * 0.7)
      payments.push({ date, pence: 100, reference: `${invoice.payerName.toUpperCase()} ALLOTMENT` })
    else if (n < LINES * 0.9) payments.push({ date, pence: -1250, reference: `CARD PAYMENT ${n}` })
    else payments.push({ date, pence: 2000 + n, reference: `DONATION ${n}` })
  }
  return BANK_STATEMENTS['Lloyds or Halifax']!(payments)
}

async function bench(engine: string, env: Record<string, string>) {
  console.log(`\n== ${engine}: seeding the scale data set (10,000 people, 2,000 plots)`)
  process.env.DATABASE_URL = env.DATABASE_URL
  const app = await startSeededServer('seed-scale.ts', { ...env, TODAY: '2026-12-20' })
  try {
    const call = await apiClient(app.server)
    const { sending } = (await (
      await call('/api/rent/years/preview', { startDate: '2026-10-01' })
    ).json()) as { sending: object }
    const { yearId } = (await (
      await call('/api/rent/years', { startDate: '2026-10-01', confirmed: sending })
    ).json()) as { yearId: number }
    const invoices = (await (await call(`/api/rent/years/${yearId}/invoices`)).json()) as Invoice[]
    const file = statementOf(invoices)
    console.log(
      `a statement of ${LINES.toLocaleString('en-GB')} lines (${(file.length / 1e6).toFixed(2)} MB) against ${invoices.length.toLocaleString('en-GB')} invoices`,
    )

    const check = () => upload(app.server, call.cookie, file)
    const times: number[] = []
    let checked: StatementCheck | undefined
    for (let run = 0; run < RUNS; run++) {
      const [body, ms] = await timed(check)
      times.push(ms)
      checked = body
    }
    if (checked?.kind !== 'lines') throw new Error('the statement was not read')
    const lines = checked.lines
    const count = (test: (line: (typeof lines)[number]) => boolean) => lines.filter(test).length
    console.log(
      `read and matched: median ${median(times).toFixed(0)} ms of ${RUNS} (${times.map((t) => t.toFixed(0)).join(', ')}) (target under 2,000 ms); ` +
        `${count((l) => l.match !== null)} matched, ${count((l) => l.match === null && l.suggestions.length > 0)} suggested`,
    )

    const shown: number[] = []
    for (let run = 0; run < RUNS; run++) shown.push(await showInBrowser(app.server, file))
    console.log(
      `read, matched and shown in the browser: median ${median(shown).toFixed(0)} ms of ${RUNS} (${shown.map((t) => t.toFixed(0)).join(', ')}) (target under 2,000 ms)`,
    )

    const matches: ConfirmMatches['matches'] = lines.flatMap((line) => {
      const parts = line.match
        ? [{ invoiceId: line.match.invoiceId, amount: line.amount }]
        : (line.suggestions[0] ?? []).map((part) => ({
            invoiceId: part.invoice.invoiceId,
            amount: part.amount,
          }))
      return parts.map((part) => ({
        ...part,
        date: line.date,
        reference: line.reference,
        line: line.line,
        requestId: randomUUID(),
        lineId: line.lineId,
      }))
    })
    const [confirmed, confirmMs] = await timed(async () =>
      (await call('/api/rent/statement/confirm', { matches })).json(),
    )
    console.log(
      `confirmed ${matches.length.toLocaleString('en-GB')} payments in ${confirmMs.toFixed(0)} ms (target under 2,000 ms): ${JSON.stringify(confirmed)}`,
    )

    const [again, againMs] = await timed(check)
    const recorded = again.kind === 'lines' ? again.lines.filter((l) => l.recorded).length : 0
    console.log(`checked again: ${againMs.toFixed(0)} ms, ${recorded} lines found recorded`)
    const fresh = matches.map((match) => ({ ...match, requestId: randomUUID() }))
    const [twice, twiceMs] = await timed(async () =>
      (await call('/api/rent/statement/confirm', { matches: fresh })).json(),
    )
    console.log(
      `confirmed again: ${twiceMs.toFixed(0)} ms, ${JSON.stringify(twice)}. ${loadAverage()}`,
    )
  } finally {
    await app.stop()
  }
}

// From the press of Check statement to the statement's lines on the rent page, at a desk.
async function showInBrowser(server: TestServer, file: Buffer): Promise<number> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', ...CHROMIUM_FLAGS],
  })
  try {
    const context = await browser.newContext({ baseURL: server.url })
    const signedIn = await context.request.post('/api/auth/sign-in/username', { data: DEMO_ADMIN })
    if (!signedIn.ok()) throw new Error(`sign-in failed: ${await signedIn.text()}`)
    const page = await context.newPage()
    await page.goto('/members/rent')
    const importer = page.getByRole('region', { name: 'Import a bank statement' })
    await importer.getByLabel('Bank statement (CSV, OFX or QIF)').setInputFiles({
      name: 'statement.csv',
      mimeType: 'text/csv',
      buffer: file,
    })
    const started = performance.now()
    await importer.getByRole('button', { name: 'Check statement' }).click()
    // The summary and the first line, both on the page.
    await page
      .getByText(`Read as Lloyds or Halifax. Read ${LINES.toLocaleString('en-GB')} lines`, {
        exact: false,
      })
      .waitFor({ timeout: 60_000 })
    await page.getByText('Line 2', { exact: true }).waitFor({ state: 'attached' })
    return performance.now() - started
  } finally {
    await browser.close()
  }
}

async function upload(server: TestServer, cookie: string, file: Buffer): Promise<StatementCheck> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'statement.csv')
  const response = await fetch(`${server.url}/api/rent/statement`, {
    method: 'POST',
    headers: { cookie, origin: server.url },
    body: form,
  })
  if (!response.ok) throw new Error(`check: ${response.status} ${await response.text()}`)
  return (await response.json()) as StatementCheck
}

await buildIfMissing()
await onEachEngine('allotment_bench_statement', bench)
