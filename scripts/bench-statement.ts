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
// Issue 43's target: 5,000 lines naming their payers rather than invoices ("FASTER PAYMENTS
// RECEIPT REF.ELLISON PLOT 1 FROM M ELLISON", "ALLOTMENT RENT FROM P SHAH"), paying exactly, over
// or short, read and matched against 8,000 invoices and more (five rent years) in under 2 s.
// BENCH_BROWSER=0 leaves out the timing in Chromium.

const RUNS = 3
const LINES = Number(process.env.BENCH_LINES ?? 5000)
const BROWSER = process.env.BENCH_BROWSER !== '0'
// Four years before the one the statements pay, so that over 8,000 invoices (1,920 plots let) are
// open to match.
const EARLIER_YEARS = ['2025-12-20', '2026-01-01', '2026-04-01', '2026-07-01']

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

// Lines naming the payer (and sometimes the plot), never the invoice: exactly what is owed, £6.25
// over or £10.00 short.
function payersStatementOf(invoices: Invoice[]): Buffer {
  const payments: Payment[] = []
  for (let n = 0; n < LINES; n++) {
    const invoice = invoices[(n * 7919) % invoices.length]!
    const names = invoice.payerName.toUpperCase().split(/\s+/)
    const surname = names.at(-1)!
    const date = `2026-10-${String(1 + (n % 28)).padStart(2, '0')}`
    const reference =
      n % 2 === 0
        ? `FASTER PAYMENTS RECEIPT REF.${surname} PLOT ${invoice.plotId} FROM ${names[0]![0]} ${surname}`
        : `ALLOTMENT RENT FROM ${names[0]![0]} ${surname}`
    const pence = invoice.outstanding + [0, 625, -1000][n % 3]!
    payments.push({ date, pence: Math.max(100, pence), reference })
  }
  return BANK_STATEMENTS['Lloyds or Halifax']!(payments)
}

async function startYear(call: Awaited<ReturnType<typeof apiClient>>, startDate: string) {
  const { sending } = (await (await call('/api/rent/years/preview', { startDate })).json()) as {
    sending: object
  }
  const { yearId } = (await (
    await call('/api/rent/years', { startDate, confirmed: sending })
  ).json()) as { yearId: number }
  return (await (await call(`/api/rent/years/${yearId}/invoices`)).json()) as Invoice[]
}

async function bench(engine: string, env: Record<string, string>) {
  console.log(`\n== ${engine}: seeding the scale data set (10,000 people, 2,000 plots)`)
  process.env.DATABASE_URL = env.DATABASE_URL
  const app = await startSeededServer('seed-scale.ts', { ...env, TODAY: '2026-12-20' })
  try {
    const call = await apiClient(app.server)
    const earlier: Invoice[] = []
    for (const startDate of EARLIER_YEARS) earlier.push(...(await startYear(call, startDate)))
    const invoices = await startYear(call, '2026-10-01')
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

    if (BROWSER) {
      const shown: number[] = []
      for (let run = 0; run < RUNS; run++) shown.push(await showInBrowser(app.server, file))
      console.log(
        `read, matched and shown in the browser: median ${median(shown).toFixed(0)} ms of ${RUNS} (${shown.map((t) => t.toFixed(0)).join(', ')}) (target under 2,000 ms)`,
      )
    }

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
    // Last, once the years' invoices have gone out in the background.
    await payersBench(app.server, call.cookie, [...earlier, ...invoices])
    console.log(loadAverage())
  } finally {
    await app.stop()
  }
}

// Issue 43: a statement of lines naming payers, checked against every open invoice; how many
// lines were offered an invoice of the payer they name, first.
async function payersBench(server: TestServer, cookie: string, invoices: Invoice[]) {
  const file = payersStatementOf(invoices)
  const times: number[] = []
  let checked: StatementCheck | undefined
  for (let run = 0; run < RUNS; run++) {
    const [body, ms] = await timed(() => upload(server, cookie, file))
    times.push(ms)
    checked = body
  }
  if (checked?.kind !== 'lines') throw new Error('the statement was not read')
  const payerOf = new Map(invoices.map((invoice) => [invoice.id, invoice.payerName]))
  const found = checked.lines.filter((line) => {
    const first = line.suggestions[0]?.[0]?.invoice
    return (
      first !== undefined &&
      line.reference.endsWith(payerOf.get(first.invoiceId)!.toUpperCase().split(/\s+/).at(-1)!)
    )
  }).length
  console.log(
    `${LINES.toLocaleString('en-GB')} lines naming payers against ${invoices.length.toLocaleString('en-GB')} invoices: read and matched, median ${median(times).toFixed(0)} ms of ${RUNS} (${times.map((t) => t.toFixed(0)).join(', ')}) (target under 2,000 ms); ${found.toLocaleString('en-GB')} offered an invoice of the payer they name first`,
  )
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
