import { randomBytes, randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  checkEntry,
  creditOn,
  NO_ENTRIES,
  outstandingOf,
  type EntryKind,
  type EntrySums,
} from '#shared/domain/rent'
import { penceInput } from '#shared/domain/money'
import {
  amountFor,
  LEAVING_CHOICES,
  monthsCharged,
  monthsHeld,
  type LeavingChoice,
} from '#shared/domain/part-year'
import { addDays } from '#shared/domain/rent'
import { settleInstalments } from '#shared/domain/instalments'
import { concessionLine, inForce, USUAL_CONCESSION_KINDS } from '#shared/domain/concessions'
import type { ConcessionGrant, ConcessionKind } from '#shared/schemas/concessions'
import { depositTotals } from '#shared/domain/deposits'
import type { Deposit, DepositsHeld } from '#shared/schemas/deposits'
import type { YearAccounts } from '#shared/domain/year-accounts'
import { USUAL_BANK_CATEGORIES } from '#shared/domain/bank-lines'
import { partYearMessages } from '#shared/messages/part-year'
import { rentMessages } from '#shared/messages/rent'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import type { Invoice, InvoiceStatement, LedgerEntry, YearSummary } from '#shared/schemas/rent'
import { createPerson, createPlot, lastLogId, send, type Method } from '#tests/helpers/records'
import { BANK_STATEMENTS } from '#tests/helpers/bank-statements'
import {
  expectSummaryAddsUp,
  keepStatementLines,
  previewSending,
  saveRentSettings,
} from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Model-based check of the rent ledger under concurrency. A year is started over twelve occupied
// plots (and one empty one); each round fires a fast-check generated batch of payments (some sent
// two or three times with one requestId, some retried from an earlier round), refunds, write-offs,
// cancellations, requestIds reused for another entry, and bank-statement confirmations, all at
// once (Promise.all of app.inject); statements imported with their lines' identities, some lines
// imported again from an earlier round, some in two statements sent in the same round (overlapping
// statements), some split over two invoices. After each round the raw rows are checked: balances, lines,
// the summary, numbering, one log entry per ledger row, every acknowledged request stored once,
// the plots' paid flags, and the ledger of every invoice replayed in order through the shared
// rules (each entry was allowed when it was made, and took the amount the rules give). The
// society's money is generated too (issue 43): a rate per rod with a fraction of a penny, full,
// half and quarter plots at fees in pence, and each plot's fee in pounds and pence; every
// invoice's rent line is the rate times the plot's rods to a tenth, rounded half up, or its band's.

const ROUNDS = 30
// Fixed so a failure can be replayed; change it (or set RENT_MODEL_SEED) to explore other runs.
const SEED = Number(process.env.RENT_MODEL_SEED ?? 20_261_001)
const START = '2026-10-01'
const PLOTS = Array.from({ length: 12 }, (_, i) => `R${String(i + 1).padStart(2, '0')}`)
const EMPTY_PLOT = 'R13'
const METHOD: Record<EntryKind, string> = {
  payment: 'recordPayment',
  refund: 'recordRefund',
  writeoff: 'writeOff',
  cancel: 'cancelInvoice',
  carry: 'carryCredit',
  credit: 'payFromCredit',
}

// How much, relative to what the invoice owes (or, for a refund, has been paid) before the round.
type Amount = { mode: 'part'; percent: number } | { mode: 'all' } | { mode: 'over'; extra: number }
type Op =
  | { kind: 'payment'; invoice: number; amount: Amount; copies: number }
  | { kind: 'refund'; invoice: number; amount: Amount }
  | { kind: 'writeoff'; invoice: number; amount: Amount | null }
  | { kind: 'cancel'; invoice: number }
  | { kind: 'confirm'; lines: Array<{ invoice: number; percent: number; again: boolean }> }
  | { kind: 'statement'; lines: StatementOpLine[] }
  | { kind: 'retry'; pick: number }
  | { kind: 'reuse'; pick: number; invoice: number }
  | { kind: 'useCredit'; invoice: number; copies: number }
  | { kind: 'refundCredit'; invoice: number; percent: number }

// A statement line: new, in another statement this round too, or imported in an earlier round.
type StatementOpLine = {
  invoice: number
  percent: number
  seen: 'new' | 'shared' | 'earlier'
  split: boolean
}

// Three invoices are favoured so that entries on one invoice really race each other.
const invoice = fc.oneof(
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 2 }) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: PLOTS.length - 1 }) },
)
const amount: fc.Arbitrary<Amount> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      mode: fc.constant('part' as const),
      percent: fc.integer({ min: 1, max: 90 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ mode: fc.constant('all' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      mode: fc.constant('over' as const),
      extra: fc.integer({ min: 1, max: 3000 }),
    }),
  },
)
const operation: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('payment' as const),
      invoice,
      amount,
      copies: fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, fc.integer({ min: 2, max: 3 })),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), invoice, amount }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('writeoff' as const),
      invoice,
      amount: fc.option(amount, { nil: null }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('cancel' as const), invoice }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('confirm' as const),
      lines: fc.array(
        fc.record({ invoice, percent: fc.integer({ min: 1, max: 120 }), again: fc.boolean() }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('statement' as const),
      lines: fc.array(
        fc.record({
          invoice,
          percent: fc.integer({ min: 1, max: 60 }),
          seen: fc.constantFrom('new' as const, 'shared' as const, 'earlier' as const),
          split: fc.boolean(),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retry' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('reuse' as const), pick: fc.nat(), invoice }),
  },
  // A payer's credit (issue 43): used on their invoices that owe (sent twice at once, as a double
  // click would), or some of it refunded, perhaps more than they hold by then.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('useCredit' as const),
      invoice,
      copies: fc.integer({ min: 1, max: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refundCredit' as const),
      invoice,
      percent: fc.integer({ min: 1, max: 150 }),
    }),
  },
)
const batch = fc.array(operation, { minLength: 10, maxLength: 24 })

// The society's money: a rate per rod in hundredths of a penny (10p to £20), band fees in pence,
// and each plot's fee in pence, area in square metres and band (none: by the rod).
const BANDS = ['full', 'half', 'quarter'] as const
const society = fc.record({
  rate: fc.integer({ min: 1000, max: 200_000 }),
  bandFees: fc.record({
    full: fc.integer({ min: 100, max: 20_000 }),
    half: fc.integer({ min: 100, max: 20_000 }),
    quarter: fc.integer({ min: 100, max: 20_000 }),
  }),
  plots: fc.array(
    fc.record({
      fee: fc.integer({ min: 0, max: 20_000 }),
      area: fc.integer({ min: 30, max: 2000 }),
      sizeBand: fc.option(fc.constantFrom(...BANDS), { nil: null, freq: 2 }),
    }),
    { minLength: 13, maxLength: 13 },
  ),
})
const money = fc.sample(society, { seed: SEED, numRuns: 1 })[0]!

// The rent line, worked out apart from the app's rules, in exact whole numbers: rods to a tenth
// (a rod is 25.29 m²), times the rate, halves of a penny up.
function expectedRent(plot: (typeof money.plots)[number]) {
  if (plot.sizeBand) return { amount: money.bandFees[plot.sizeBand], per: null }
  const halfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d)
  const tenths = halfUp(BigInt(plot.area) * 10_000n, 25_290n)
  return { amount: Number(halfUp(tenths * BigInt(money.rate), 1000n)), per: Number(tenths) / 10 }
}

// A request sent (perhaps more than once) and what came back.
interface Sent {
  op: Op['kind']
  method: Method
  url: string
  body: Record<string, unknown>
  /** The entry's kind and invoice, for payments and corrections. */
  kind?: EntryKind
  invoiceId?: number
  requestIds: string[]
  /** requestIds of this request that no earlier request used. */
  fresh: string[]
  /** A statement's: the line identity each part's requestId carries. */
  lineOf?: Map<string, string>
  /** A credit action's log entry: its method and the person. */
  logAs?: string
}

interface Answer {
  sent: Sent
  status: number
  body: string
}

const tally = (keys: string[]) =>
  keys.reduce<Record<string, number>>((acc, k) => ({ ...acc, [k]: (acc[k] ?? 0) + 1 }), {})

describe.each(engines)('the rent ledger under concurrent operations on %s', (engine) => {
  let t: TestApp
  let committee = ''
  let yearId = 0
  let operations = 0
  let rounds = 0
  const outcomes: Record<string, number> = {}
  /** Every payment or correction that was acknowledged, to retry later and to reuse its requestId. */
  const acknowledged: Array<{ sent: Sent; entry: LedgerEntry }> = []
  /** What each requestId asked for: its kind, invoice and amount (undefined: the rules choose). */
  const asked = new Map<
    string,
    { kind: EntryKind; invoiceId: number; amount: number | undefined }
  >()
  /** requestIds of statement lines recorded by a confirmation answered 200. */
  const confirmed = new Set<string>()
  /** Statement lines recorded in earlier rounds, to import again. */
  const recordedLines: string[] = []
  /** Lines this round's statements share (two overlapping statements sent at once). */
  let sharedLines: string[] = []
  /** The request ids of credit actions: each of their entries' ids is one of these and its place. */
  const creditActions = new Set<string>()
  /** Invoices that a successful cancellation or a refusal "cancelled" says must end cancelled. */
  const mustBeCancelled = new Set<number>()

  const call = (method: Method, url: string, payload?: object) =>
    send(t, committee, method, url, payload)
  const invoices = async () =>
    (await call('GET', `/api/rent/years/${yearId}/invoices`)).json() as Invoice[]

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    committee = await t.signInAs(3)
    const admin = await t.signInAs(4)
    await saveRentSettings(t, admin, {
      concessionPercent: 25,
      extras: [{ name: 'Water', amount: 450 }],
      chargeBasis: 'area',
      areaUnit: 'rod',
      areaRate: money.rate,
      bandFees: money.bandFees,
    })
    // Some let by band and some by the rod, whatever the seed.
    expect(new Set(money.plots.slice(0, PLOTS.length).map((p) => p.sizeBand === null))).toEqual(
      new Set([true, false]),
    )
    for (const [i, id] of [...PLOTS, EMPTY_PLOT].entries()) {
      const { fee, area, sizeBand } = money.plots[i]!
      // The fee as typed, in pounds and pence: it reads back as it was.
      const plot = await createPlot(t, committee, id, { fee: penceInput(fee), area, sizeBand })
      expect(plot.fee * 100).toBeCloseTo(fee, 6)
    }
    // Post only (no e-mail address): no e-mails and PDFs are made in the background.
    for (let i = 0; i < 16; i++)
      await createPerson(t, committee, `t${i}`, {
        firstName: `Tenant${i}`,
        email: '',
        contactBy: 'post',
        concession: i % 4 === 0,
        dateJoined: `20${String(10 + (i % 7)).padStart(2, '0')}-01-01`,
      })
    for (const [i, plot] of PLOTS.entries()) {
      // Four plots have two tenants; t0 and t1 pay for two plots each, so that the credit of one
      // invoice can pay the other: added first to their second plot, since a plot's first tenant
      // pays (issue 43).
      const tenants = [
        ...(i >= PLOTS.length - 2 ? [`t${i - PLOTS.length + 2}`] : []),
        `t${i}`,
        ...(i < 4 ? [`t${12 + i}`] : []),
      ]
      for (const person of tenants) {
        const added = await call('PUT', `/api/plots/${plot}/tenants/${person}`)
        expect(added.statusCode, added.body).toBe(200)
      }
    }
  })
  afterAll(() => t.close())

  it('starts the same year once when it is started twice at the same moment', async () => {
    const sending = await previewSending(t, committee, START)
    const answers = await Promise.all([
      call('POST', '/api/rent/years', { startDate: START, confirmed: sending }),
      call('POST', '/api/rent/years', { startDate: START, confirmed: sending }),
    ])
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([
      200, 201,
    ])
    const created = answers.map((a) => a.json() as { yearId: number; created: number })
    expect(created.map((c) => c.created).sort()).toEqual([0, PLOTS.length])
    expect(created[0]!.yearId).toBe(created[1]!.yearId)
    yearId = created[0]!.yearId
    const k = t.db.kysely
    expect(await k.selectFrom('rent_years').select('id').execute()).toEqual([{ id: yearId }])
    const rows = await k
      .selectFrom('invoices')
      .select(['number', 'plotId', 'yearId'])
      .orderBy('number')
      .execute()
    expect(rows.map((r) => r.plotId)).toEqual(PLOTS)
    expect(rows.map((r) => r.number)).toEqual(PLOTS.map((_, i) => i + 1))
    expect(new Set(rows.map((r) => r.yearId))).toEqual(new Set([yearId]))
    const logs = await k
      .selectFrom('logs')
      .select('methodName')
      .where('methodName', 'in', ['createInvoice', 'startRentYear'])
      .execute()
    expect(tally(logs.map((l) => l.methodName))).toEqual({
      createInvoice: PLOTS.length,
      startRentYear: 1,
    })
    await checkEverything()
  })

  // The request for one operation, from the invoices as read before the round.
  function requestFor(op: Op, before: Invoice[]): Sent | undefined {
    const ofOp = (index: number) => before[index]!
    const sized = (a: Amount, base: number) =>
      a.mode === 'part'
        ? Math.max(1, Math.round((base * a.percent) / 100))
        : a.mode === 'all'
          ? Math.max(1, base)
          : Math.max(1, base) + a.extra
    const entry = (kind: EntryKind, inv: Invoice, body: Record<string, unknown>): Sent => {
      const requestId = randomUUID()
      asked.set(requestId, { kind, invoiceId: inv.id, amount: body.amount as number | undefined })
      const path = kind === 'payment' ? 'payments' : 'corrections'
      return {
        op: op.kind,
        method: 'POST',
        url: `/api/rent/invoices/${inv.id}/${path}`,
        body: { ...body, requestId },
        kind,
        invoiceId: inv.id,
        requestIds: [requestId],
        fresh: [requestId],
      }
    }
    switch (op.kind) {
      case 'payment': {
        const inv = ofOp(op.invoice)
        return entry('payment', inv, {
          amount: sized(op.amount, inv.outstanding),
          method: 'cash',
          date: '2026-10-05',
          reference: 'at the gate',
        })
      }
      case 'refund': {
        const inv = ofOp(op.invoice)
        return entry('refund', inv, {
          kind: 'refund',
          amount: sized(op.amount, inv.paid - inv.refunded),
          date: '2026-10-06',
          reference: 'paid twice',
        })
      }
      case 'writeoff': {
        const inv = ofOp(op.invoice)
        return entry('writeoff', inv, {
          kind: 'writeoff',
          ...(op.amount ? { amount: sized(op.amount, inv.outstanding) } : {}),
          date: '2026-10-06',
          reference: 'hardship',
        })
      }
      case 'cancel': {
        const inv = ofOp(op.invoice)
        return entry('cancel', inv, {
          kind: 'cancel',
          date: '2026-10-06',
          reference: 'plot given up',
        })
      }
      case 'confirm': {
        // A statement line confirmed again (its requestId already used by a payment on the same
        // invoice) is passed over; a fresh one is recorded, or the whole statement refused.
        const matches = op.lines.map(({ invoice: index, percent, again }, n) => {
          const inv = ofOp(index)
          const earlier = again
            ? acknowledged.find((a) => a.entry.invoiceId === inv.id && a.entry.kind === 'payment')
            : undefined
          const requestId = earlier ? (earlier.sent.requestIds[0] as string) : randomUUID()
          const amount = earlier
            ? earlier.entry.amount
            : Math.max(1, Math.round((inv.outstanding * percent) / 100))
          if (!earlier) asked.set(requestId, { kind: 'payment', invoiceId: inv.id, amount })
          return {
            invoiceId: inv.id,
            amount,
            date: '2026-10-07',
            reference: `BACS INV-${inv.number}`,
            line: n + 2,
            requestId,
          }
        })
        const requestIds = matches.map((m) => m.requestId)
        return {
          op: op.kind,
          method: 'POST',
          url: '/api/rent/statement/confirm',
          body: { matches },
          requestIds,
          fresh: requestIds.filter((id) => acknowledged.every((a) => a.sent.requestIds[0] !== id)),
        }
      }
      case 'statement': {
        // Each line's parts (two when split over the next invoice) carry its identity.
        const lineOf = new Map<string, string>()
        const used = new Set<string>()
        const matches = op.lines.flatMap(({ invoice: index, percent, seen, split }, n) => {
          const pool = seen === 'shared' ? sharedLines : seen === 'earlier' ? recordedLines : []
          const picked = pool.length > 0 ? pool[(index + n) % pool.length]! : undefined
          const lineId = picked && !used.has(picked) ? picked : randomBytes(32).toString('hex')
          used.add(lineId)
          const parts = split ? [index, (index + 1) % PLOTS.length] : [index]
          return parts.map((part) => {
            const inv = ofOp(part)
            const requestId = randomUUID()
            const amount = Math.max(1, Math.round((inv.outstanding * percent) / 100))
            asked.set(requestId, { kind: 'payment', invoiceId: inv.id, amount })
            lineOf.set(requestId, lineId)
            return {
              invoiceId: inv.id,
              amount,
              date: '2026-10-08',
              reference: `FP PLOT ${inv.plotId}`,
              line: n + 2,
              requestId,
              lineId,
            }
          })
        })
        const requestIds = matches.map((m) => m.requestId)
        return {
          op: op.kind,
          method: 'POST',
          url: '/api/rent/statement/confirm',
          body: { matches },
          requestIds,
          fresh: requestIds,
          lineOf,
        }
      }
      case 'useCredit':
      case 'refundCredit': {
        const inv = ofOp(op.invoice)
        const requestId = randomUUID()
        creditActions.add(requestId)
        const action = op.kind === 'useCredit' ? 'use' : 'refund'
        const credit = before
          .filter((other) => other.payerId === inv.payerId)
          .reduce((sum, other) => sum + creditOn(other), 0)
        return {
          op: op.kind,
          method: 'POST',
          url: `/api/people/${inv.payerId}/credit/${action}`,
          body:
            op.kind === 'useCredit'
              ? { requestId }
              : {
                  amount: Math.max(1, Math.round((credit * op.percent) / 100)),
                  reference: 'BACS back',
                  requestId,
                },
          requestIds: [requestId],
          fresh: [requestId],
          logAs: `${op.kind} ${inv.payerId}`,
        }
      }
      case 'retry': {
        // An acknowledged request sent again, as a browser retrying after a lost answer would.
        const earlier = acknowledged[op.pick % Math.max(1, acknowledged.length)]
        if (!earlier) return undefined
        return { ...earlier.sent, op: op.kind, fresh: [] }
      }
      case 'reuse': {
        // An acknowledged requestId used for another invoice or another kind of entry: refused.
        const earlier = acknowledged[op.pick % Math.max(1, acknowledged.length)]
        if (!earlier) return undefined
        let inv = ofOp(op.invoice)
        if (inv.id === earlier.entry.invoiceId) inv = before.find((other) => other.id !== inv.id)!
        return {
          op: op.kind,
          method: 'POST',
          url: `/api/rent/invoices/${inv.id}/payments`,
          body: {
            amount: 1,
            method: 'card',
            date: '2026-10-08',
            reference: '',
            requestId: earlier.sent.requestIds[0],
          },
          kind: 'payment',
          invoiceId: inv.id,
          requestIds: earlier.sent.requestIds,
          fresh: [],
        }
      }
    }
  }

  async function checkEverything() {
    const k = t.db.kysely
    const [year, rawInvoices, lines, ledger, logs, plots, api, summaryAnswer] = await Promise.all([
      k.selectFrom('rent_years').selectAll().orderBy('startDate', 'desc').executeTakeFirstOrThrow(),
      k.selectFrom('invoices').selectAll().orderBy('number').execute(),
      k.selectFrom('invoice_lines').selectAll().execute(),
      k.selectFrom('ledger').selectAll().orderBy('id').execute(),
      k
        .selectFrom('logs')
        .selectAll()
        .where('eventCollection', '=', 'invoices')
        .where('error', '=', 'null')
        .execute(),
      k.selectFrom('plots').select(['id', 'paid']).execute(),
      invoices(),
      call('GET', `/api/rent/years/${yearId}/summary`),
    ])
    expect(year.id).toBe(yearId)
    // (d) numbered 1..N, no gaps, no repeats.
    expect(rawInvoices.map((i) => i.number)).toEqual(rawInvoices.map((_, n) => n + 1))

    const sums = new Map<number, EntrySums>(rawInvoices.map((i) => [i.id, { ...NO_ENTRIES }]))
    for (const row of ledger) sums.get(row.invoiceId)![row.kind] += Number(row.amount)
    const byId = new Map(api.map((i) => [i.id, i]))
    expect(api.map((i) => i.id).sort()).toEqual(rawInvoices.map((i) => i.id).sort())
    for (const inv of rawInvoices) {
      const s = sums.get(inv.id)!
      const reported = byId.get(inv.id)!
      // (a) the balance from the raw rows is the one the API reports; below nothing, the credit
      // of a payment beyond what was owed.
      const outstanding =
        inv.amount - s.payment + s.refund - s.writeoff - s.cancel + s.carry - s.credit
      expect(outstanding, `invoice ${inv.number}`).toBe(outstandingOf(inv.amount, s))
      expect(reported.outstanding, `invoice ${inv.number}`).toBe(outstanding)
      expect(reported).toMatchObject({
        amount: inv.amount,
        paid: s.payment,
        refunded: s.refund,
        writtenOff: s.writeoff,
        carried: s.carry,
        paidFromCredit: s.credit,
      })
      // (b) the amount is the sum of the lines.
      const own = lines.filter((l) => l.invoiceId === inv.id)
      expect(own.length, `invoice ${inv.number}`).toBeGreaterThan(0)
      expect(
        own.reduce((sum, l) => sum + l.amount, 0),
        `invoice ${inv.number}`,
      ).toBe(inv.amount)
      // (e) the rent line is the plot's rods at the rate, or its band's fee, and says which.
      const rent = expectedRent(money.plots[PLOTS.indexOf(inv.plotId)]!)
      const [first] = [...own].sort((a, b) => a.id - b.id)
      expect(Number(first!.amount), `invoice ${inv.number}`).toBe(rent.amount)
      if (rent.per !== null)
        expect(first!.description).toMatch(new RegExp(`^${rent.per} rods? at £\\d+\\.\\d{2,4}$`))
    }
    // The ledger replayed in order, invoice by invoice, through the rules: every entry was allowed
    // when it was made, and took the amount asked for (or, for a cancellation and a write-off of
    // the rest, the amount the rules give).
    // Each invoice's credit is replayed too: what payments brought beyond the balance, less what
    // was carried to another invoice or refunded of it.
    const replayed = new Map<number, EntrySums>(rawInvoices.map((i) => [i.id, { ...NO_ENTRIES }]))
    const amounts = new Map(rawInvoices.map((i) => [i.id, i.amount]))
    const overpaid = new Map<number, number>()
    const creditGone = new Map<number, number>()
    const add = (map: Map<number, number>, id: number, amount: number) =>
      map.set(id, (map.get(id) ?? 0) + amount)
    for (const row of ledger) {
      const so = replayed.get(row.invoiceId)!
      // A credit action's entries: allowed by the rules, at the amount the action gave them.
      const [actionId, part] = row.requestId.split(':')
      const wanted =
        part !== undefined && creditActions.has(actionId!)
          ? { kind: row.kind, invoiceId: row.invoiceId, amount: Number(row.amount) }
          : asked.get(row.requestId)
      expect(wanted, `ledger row ${row.id} answers no request`).toBeDefined()
      const balance = outstandingOf(amounts.get(row.invoiceId)!, so)
      if (row.kind === 'payment')
        add(overpaid, row.invoiceId, Math.max(0, Number(row.amount) - balance))
      if (row.kind === 'carry') add(creditGone, row.invoiceId, Number(row.amount))
      if (row.kind === 'refund')
        add(creditGone, row.invoiceId, Math.min(Number(row.amount), Math.max(0, -balance)))
      expect([row.kind, row.invoiceId]).toEqual([wanted!.kind, wanted!.invoiceId])
      const outcome = checkEntry(
        { amount: amounts.get(row.invoiceId)!, sums: so },
        row.kind,
        wanted!.amount,
      )
      expect(outcome, `ledger row ${row.id} (${row.kind} ${row.amount})`).toEqual({
        ok: true,
        value: Number(row.amount),
      })
      so[row.kind] += Number(row.amount)
    }
    // (h) each payer's credit, as their statement says, is their overpayments less what was
    // carried or refunded, and the credit of their invoices.
    const payers = [...new Set(rawInvoices.map((i) => i.payerId))]
    const statements = await Promise.all(
      payers.map((payer) => call('GET', `/api/people/${payer}/invoices`)),
    )
    for (const [n, payer] of payers.entries()) {
      const own = rawInvoices.filter((i) => i.payerId === payer)
      const expected = own.reduce(
        (sum, i) => sum + (overpaid.get(i.id) ?? 0) - (creditGone.get(i.id) ?? 0),
        0,
      )
      expect(expected, payer).toBe(own.reduce((sum, i) => sum + creditOn(byId.get(i.id)!), 0))
      expect((statements[n]!.json() as { credit: number }).credit, payer).toBe(expected)
    }

    // (c) the summary is the sums over the raw rows, and balances.
    expect(summaryAnswer.statusCode, summaryAnswer.body).toBe(200)
    const summary = summaryAnswer.json() as YearSummary
    const all = [...sums.values()]
    const total = (pick: (s: EntrySums) => number) => all.reduce((sum, s) => sum + pick(s), 0)
    const invoiced = rawInvoices.reduce((sum, i) => sum + i.amount, 0)
    expect(summary).toEqual({
      yearId,
      label: year.label,
      invoices: rawInvoices.length,
      invoiced,
      received: total((s) => s.payment),
      refunded: total((s) => s.refund),
      writtenOff: total((s) => s.writeoff),
      cancelled: total((s) => s.cancel),
      carried: total((s) => s.carry),
      paidFromCredit: total((s) => s.credit),
      outstanding: rawInvoices.reduce(
        (sum, i) => sum + Math.max(0, outstandingOf(i.amount, sums.get(i.id)!)),
        0,
      ),
      credit: rawInvoices.reduce((sum, i) => sum + creditOn(byId.get(i.id)!), 0),
    })
    expectSummaryAddsUp(summary)

    // (e) one log entry per ledger row, by invoice and kind; one createInvoice per invoice.
    const expectedLogs = [
      ...rawInvoices.map((i) => `createInvoice ${i.id}`),
      ...ledger.map((row) => `${METHOD[row.kind]} ${row.invoiceId}`),
    ]
    expect(tally(logs.map((l) => `${l.methodName} ${l.docId}`))).toEqual(tally(expectedLogs))

    // (f) every acknowledged request has its row (by requestId), and one only.
    const byRequest = new Map<string, number>()
    for (const row of ledger) byRequest.set(row.requestId, (byRequest.get(row.requestId) ?? 0) + 1)
    for (const [requestId, count] of byRequest) expect(count, requestId).toBe(1)
    const rowOf = new Map(ledger.map((row) => [row.requestId, row]))
    for (const { sent, entry } of acknowledged) {
      const row = rowOf.get(sent.requestIds[0]!)
      expect(row, `acknowledged ${sent.requestIds[0]}`).toBeDefined()
      expect(row!.id).toBe(entry.id)
      expect(Number(row!.amount)).toBe(entry.amount)
    }

    for (const requestId of confirmed)
      expect(rowOf.get(requestId)?.method, requestId).toBe('transfer')

    // Whatever said an invoice is (or was just made) cancelled holds.
    for (const id of mustBeCancelled) {
      const entries = ledger
        .filter((row) => row.invoiceId === id)
        .map((row) => `${row.kind} ${row.amount}`)
      expect(byId.get(id)!.cancelled, `invoice ${id} cancelled (${entries.join(', ')})`).toBe(true)
    }

    // (g) a plot is paid when no invoice of the current year for it still owes.
    const owing = new Set(
      rawInvoices
        .filter((i) => i.yearId === year.id && outstandingOf(i.amount, sums.get(i.id)!) > 0)
        .map((i) => i.plotId),
    )
    for (const plot of plots)
      expect(Boolean(Number(plot.paid)), `plot ${plot.id} paid`).toBe(!owing.has(plot.id))
    expect(plots.find((p) => p.id === EMPTY_PLOT)).toBeDefined()
  }

  it(`keeps every balance, the log and every acknowledged entry right over ${ROUNDS} rounds`, async () => {
    await fc.assert(
      fc.asyncProperty(batch, async (ops) => {
        rounds++
        sharedLines = [randomBytes(32).toString('hex'), randomBytes(32).toString('hex')]
        const before = await invoices()
        const beforeRows = new Set(
          (await t.db.kysely.selectFrom('ledger').select('requestId').execute()).map(
            (r) => r.requestId,
          ),
        )
        const mark = await lastLogId(t)
        const requests: Sent[] = []
        for (const op of ops) {
          const sent = requestFor(op, before)
          if (!sent) continue
          const copies = op.kind === 'payment' || op.kind === 'useCredit' ? op.copies : 1
          for (let n = 0; n < copies; n++) requests.push(sent)
        }
        const responses = await Promise.all(requests.map((r) => call(r.method, r.url, r.body)))
        const answers: Answer[] = requests.map((sent, i) => ({
          sent,
          status: responses[i]!.statusCode,
          body: responses[i]!.body,
        }))
        operations += answers.length

        const entryIds = new Map<string, number>()
        for (const { sent, status, body } of answers) {
          const key = `${sent.op} ${status}${status === 422 ? ` ${JSON.parse(body).detail.replace(/£[\d,]+(\.\d\d)?/g, '£#')}` : ''}`
          outcomes[key] = (outcomes[key] ?? 0) + 1
          if (sent.op === 'confirm') {
            expect([200, 422], body).toContain(status)
            const recordedNow = sent.fresh.filter((id) => !beforeRows.has(id))
            if (status === 200) {
              expect(JSON.parse(body)).toEqual({ recorded: new Set(recordedNow).size })
              for (const id of sent.fresh) confirmed.add(id)
            }
            continue
          }
          if (sent.op === 'statement') {
            expect([200, 422], body).toContain(status)
            continue
          }
          if (sent.logAs) {
            // Using credit is always possible (perhaps moving nothing); a refund may ask more than
            // is held by the time it is made.
            expect(sent.op === 'useCredit' ? [200] : [200, 422], body).toContain(status)
            continue
          }
          if (sent.op === 'reuse') {
            expect(status, body).toBe(409)
            expect(JSON.parse(body).detail).toBe(rentMessages.requestReused)
            continue
          }
          if (sent.op === 'retry') expect(status, body).toBe(201)
          else expect([201, 422], `${sent.op}: ${body}`).toContain(status)
          if (status === 201) {
            const entry = JSON.parse(body) as LedgerEntry
            expect([entry.kind, entry.invoiceId]).toEqual([sent.kind, sent.invoiceId])
            const requestId = sent.requestIds[0]!
            // Every answer to one requestId names the one entry.
            if (entryIds.has(requestId)) expect(entry.id).toBe(entryIds.get(requestId))
            entryIds.set(requestId, entry.id)
            const earlier = acknowledged.find((a) => a.sent.requestIds[0] === requestId)
            if (earlier) expect(entry.id).toBe(earlier.entry.id)
            else acknowledged.push({ sent, entry })
            if (entry.kind === 'cancel') {
              expect(entry.amount, 'a cancellation takes what was owed').toBeGreaterThan(0)
              mustBeCancelled.add(entry.invoiceId)
            }
          } else if (JSON.parse(body).detail === rentMessages.invoiceCancelled) {
            mustBeCancelled.add(sent.invoiceId!)
          }
        }

        // The ledger after the round: exactly the rows before and the new requests acknowledged.
        const ledger = await t.db.kysely.selectFrom('ledger').selectAll().execute()
        const added = ledger.filter((row) => !beforeRows.has(row.requestId))
        const acknowledgedNow = new Set([
          ...answers
            .filter((a) => a.status === 201 && a.sent.fresh.length > 0)
            .map((a) => a.sent.requestIds[0]!),
          ...answers
            .filter((a) => a.sent.op === 'confirm' && a.status === 200)
            .flatMap((a) => a.sent.fresh),
        ])
        // A statement's parts are recorded unless their line was recorded already, by an earlier
        // round or by another statement of this one; a line is recorded by one statement only.
        const statements = answers.filter((a) => a.sent.op === 'statement')
        const storedParts = statements.flatMap((a) =>
          a.status === 200
            ? a.sent.fresh.filter((id) => ledger.some((r) => r.requestId === id))
            : [],
        )
        for (const id of storedParts) acknowledgedNow.add(id)
        // A credit action answered 200 made entries under its id, one refused none.
        const creditDone = new Set(
          answers.filter((a) => a.sent.logAs && a.status === 200).map((a) => a.sent.requestIds[0]!),
        )
        for (const row of added) {
          const [actionId, part] = row.requestId.split(':')
          if (part !== undefined && creditDone.has(actionId!)) acknowledgedNow.add(row.requestId)
        }
        expect(added.map((row) => row.requestId).sort()).toEqual([...acknowledgedNow].sort())
        const rowsOfLine = new Map<string, typeof ledger>()
        for (const row of ledger.filter((row) => row.statementLine !== null)) {
          const lineId = row.statementLine!.split(':')[0]!
          rowsOfLine.set(lineId, [...(rowsOfLine.get(lineId) ?? []), row])
        }
        for (const a of statements) {
          const lineOf = a.sent.lineOf!
          if (a.status === 200)
            expect(JSON.parse(a.body), a.body).toEqual({
              recorded: a.sent.fresh.filter((id) => storedParts.includes(id)).length,
            })
          for (const lineId of new Set(lineOf.values())) {
            const mine = a.sent.fresh.filter((id) => lineOf.get(id) === lineId)
            const rows = rowsOfLine.get(lineId) ?? []
            const stored = rows.filter((row) => mine.includes(row.requestId))
            if (a.status !== 200) expect(stored, lineId).toEqual([])
            // All of the line's parts, numbered from 1, or none (another statement recorded it).
            else if (stored.length > 0) {
              expect(stored.length, lineId).toBe(mine.length)
              expect(rows.map((row) => row.statementLine).sort(), lineId).toEqual(
                mine.map((_, part) => `${lineId}:${part + 1}`),
              )
            } else {
              expect(rows.length, `${lineId} passed over, yet recorded nowhere`).toBeGreaterThan(0)
              outcomes['statement line passed over'] =
                (outcomes['statement line passed over'] ?? 0) + 1
            }
          }
        }
        for (const row of added.filter((row) => row.statementLine?.endsWith(':1')))
          recordedLines.push(row.statementLine!.slice(0, -2))
        for (const a of answers.filter((a) => a.sent.op === 'confirm')) {
          const stored = a.sent.fresh.filter((id) => ledger.some((row) => row.requestId === id))
          expect(stored.length, a.body).toBe(a.status === 200 ? a.sent.fresh.length : 0)
        }
        for (const row of added.filter((row) => row.method === 'transfer'))
          expect(row.kind).toBe('payment')

        // This round's log: one success per new row, one failure per refused payment or
        // correction (a statement is refused whole, unlogged); duplicates add nothing.
        const logs = await t.db.kysely
          .selectFrom('logs')
          .selectAll()
          .where('id', '>', mark)
          .execute()
        const ok = logs.filter((l) => l.error === 'null')
        // A credit action done is logged as itself, besides its entries: once when it made
        // entries (a copy finds them), each time when it had nothing to move.
        const actionLogs = answers
          .filter((a) => a.sent.logAs && a.status === 200)
          .filter(
            (a, at, all) =>
              !added.some((row) => row.requestId.startsWith(`${a.sent.requestIds[0]}:`)) ||
              all.findIndex((b) => b.sent.requestIds[0] === a.sent.requestIds[0]) === at,
          )
          .map((a) => a.sent.logAs!)
        expect(tally(ok.map((l) => `${l.methodName} ${l.docId}`))).toEqual(
          tally([...added.map((row) => `${METHOD[row.kind]} ${row.invoiceId}`), ...actionLogs]),
        )
        const refused = answers.filter(
          (a) => a.sent.op !== 'confirm' && a.sent.op !== 'statement' && a.status >= 400,
        )
        expect(
          tally(logs.filter((l) => l.error !== 'null').map((l) => `${l.methodName} ${l.docId}`)),
        ).toEqual(
          tally(refused.map((a) => a.sent.logAs ?? `${METHOD[a.sent.kind!]} ${a.sent.invoiceId}`)),
        )

        await checkEverything()
      }),
      { numRuns: ROUNDS, seed: SEED, endOnFailure: true },
    )
    console.info(
      `rent model on ${engine}: ${rounds} rounds, ${operations} requests (seed ${SEED}); ` +
        `outcomes ${JSON.stringify(outcomes, Object.keys(outcomes).sort())}`,
    )
    expect(rounds).toBe(ROUNDS)
    // The run was not a quiet one: double submissions, corrections, refusals and statements.
    for (const wanted of [
      'payment 201',
      'refund 201',
      'writeoff 201',
      'cancel 201',
      'retry 201',
      'reuse 409',
      'confirm 200',
      'statement 200',
      'statement line passed over',
      'useCredit 200',
      'refundCredit 200',
    ])
      expect(outcomes[wanted] ?? 0, wanted).toBeGreaterThan(0)
    expect(outcomes[`payment 422 ${rentMessages.invoiceCancelled}`] ?? 0).toBeGreaterThan(0)
    expect(
      Object.keys(outcomes).some(
        (key) =>
          key.startsWith('payment 422 ') && key !== `payment 422 ${rentMessages.invoiceCancelled}`,
      ),
    ).toBe(true)
  }, 120_000)

  // Found by the model: an invoice that owed nothing (written off in full) could be "cancelled"
  // by an entry of 0 that left it not cancelled, again and again. Now refused: nothing is owed.
  it('refuses to cancel an invoice that owes nothing, or cancels it', async () => {
    const target = (await invoices()).find((i) => !i.cancelled)
    expect(target, 'an invoice not cancelled').toBeDefined()
    const correction = (kind: string, amount?: number) =>
      call('POST', `/api/rent/invoices/${target!.id}/corrections`, {
        kind,
        ...(amount ? { amount } : {}),
        date: '2026-10-09',
        reference: 'nothing owed',
        requestId: randomUUID(),
      })
    // Nothing paid (net) and nothing owed: a refund of what was paid, a write-off of the rest.
    const netPaid = target!.paid + target!.paidFromCredit - target!.refunded - target!.carried
    if (netPaid > 0) expect((await correction('refund', netPaid)).statusCode).toBe(201)
    if (target!.outstanding + netPaid > 0)
      expect((await correction('writeoff')).statusCode).toBe(201)
    const cancel = await correction('cancel')
    const after = (await invoices()).find((i) => i.id === target!.id)!
    expect(
      cancel.statusCode === 422 || after.cancelled,
      `${cancel.statusCode} ${cancel.body}`,
    ).toBe(true)
  })
})

// Issue 43: lettings and leavings mid-year, and payer changes, in any order, as days go by. The
// model is the shared rules: a plot let gets an invoice for the months left, once for those
// holding it; a leaver's invoice stands, is reduced to the months held, or written off, and that
// is a write-off entry; payments keep to what is owed. After each round every invoice's balance
// is its ledger's, its amount its lines', and no person's record changed but their plots.
// Concessions are given and ended as days go by (issue 47): an invoice raised takes off the
// largest in force on its day, and balances still equal the ledger.
const TENANCY_ROUNDS = 15
const LET_PLOTS = ['L1', 'L2', 'L3', 'L4', 'L5']
const FEES = [42, 60, 36, 24, 30]
const FOLK = Array.from({ length: 8 }, (_, i) => `f${i}`)

type TenancyOp =
  | { kind: 'days'; days: number }
  | { kind: 'let'; plot: number; person: number }
  | { kind: 'leave'; plot: number; which: number; choice: LeavingChoice }
  | { kind: 'payer'; plot: number; which: number }
  | { kind: 'pay'; plot: number; percent: number }
  | { kind: 'credit'; person: number; refund: boolean }
  | { kind: 'concession'; person: number; kindIndex: number; days: number | null }
  | { kind: 'endConcession'; person: number }

const plotIndex = fc.integer({ min: 0, max: LET_PLOTS.length - 1 })
const tenancyOp: fc.Arbitrary<TenancyOp> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('days' as const), days: fc.nat(30) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('let' as const),
      plot: plotIndex,
      person: fc.nat(FOLK.length - 1),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('leave' as const),
      plot: plotIndex,
      which: fc.nat(3),
      choice: fc.constantFrom(...LEAVING_CHOICES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('payer' as const),
      plot: plotIndex,
      which: fc.nat(3),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      plot: plotIndex,
      // Short, in full, or over: what is paid beyond is the payer's credit (issue 43).
      percent: fc.integer({ min: 1, max: 150 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('credit' as const),
      person: fc.nat(FOLK.length - 1),
      refund: fc.boolean(),
    }),
  },
)

// Drawn apart from the tenancies' operations, so that theirs stay what the seed gave before.
const concessionOp: fc.Arbitrary<TenancyOp> = fc.oneof(
  {
    // A concession given from today, for some days or with no end (issue 47, decision 57).
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('concession' as const),
      person: fc.nat(FOLK.length - 1),
      kindIndex: fc.nat(4),
      days: fc.option(fc.nat(90)),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('endConcession' as const),
      person: fc.nat(FOLK.length - 1),
    }),
  },
)

// Deposits (issue 47, item 2, decision 58), drawn apart too: a key deposit taken from a plot's
// tenant, and returned (in part or in full) or kept once they have given the plot up, or refused
// when more is asked back than is held.
type DepositOp = { action: 'take' | 'return' | 'keep'; plot: number; percent: number }
const depositOp: fc.Arbitrary<DepositOp> = fc.record({
  action: fc.constantFrom('take' as const, 'return' as const, 'return' as const, 'keep' as const),
  plot: plotIndex,
  percent: fc.integer({ min: 1, max: 130 }),
})

// The bank (issue 47, items 4 and 5, decision 59), drawn apart too: statements kept for the
// accounts as the days go by, each line money in (rent paid at the bank, a donation) or out (the
// water bill, the insurance), some categorised by the treasurer, whose choice a rule then applies
// to the same payee's lines.
type BankLineOp = {
  what: 'rent' | 'donation' | 'water' | 'insurance'
  pence: number
  sort: boolean
}
type BankOp = { lines: BankLineOp[] }
const bankOp: fc.Arbitrary<BankOp> = fc.record({
  lines: fc.array(
    fc.record({
      what: fc.constantFrom(
        'rent' as const,
        'donation' as const,
        'water' as const,
        'insurance' as const,
      ),
      pence: fc.integer({ min: 1, max: 80_000 }),
      sort: fc.boolean(),
    }),
    { minLength: 1, maxLength: 4 },
  ),
})
const BANK_LINE: Record<BankLineOp['what'], { reference: string; sign: number; category: string }> =
  {
    rent: { reference: 'FP ALLOTMENT RENT', sign: 1, category: 'rent' },
    donation: { reference: 'DONATION FROM FRIENDS', sign: 1, category: 'donations' },
    water: { reference: 'WESSEX WATER DD 40171234', sign: -1, category: 'water-bill' },
    insurance: { reference: 'NFU MUTUAL INSURANCE', sign: -1, category: 'insurance' },
  }

describe.each(engines)('the rent ledger as plots are let and given up mid-year on %s', (engine) => {
  let t: TestApp
  let committee = ''
  let yearId = 0
  let today = START
  const seen: Record<string, number> = {}
  const people = new Map<string, Person>()
  /** The kinds (the four seeded and a fixed one), and each person's grants as the model knows them. */
  let kinds: ConcessionKind[] = []
  const grants = new Map<string, ConcessionGrant[]>()
  /** What an invoice of `rent` made today to the person takes off (the largest; not stacked). */
  const offToday = (personId: string, rent: number) => {
    const terms = (grants.get(personId) ?? [])
      .filter((grant) => inForce(grant, today))
      .map((grant) => ({ ...kinds.find((kind) => kind.id === grant.kindId)!, name: '' }))
    return -(concessionLine(terms, rent, 0)?.amount ?? 0)
  }

  const call = (method: Method, url: string, payload?: object) =>
    send(t, committee, method, url, payload)
  const yearInvoices = async () =>
    (await call('GET', `/api/rent/years/${yearId}/invoices`)).json() as Invoice[]
  const plotOf = async (id: string) => (await call('GET', `/api/plots/${id}`)).json() as Plot
  const count = (key: string) => (seen[key] = (seen[key] ?? 0) + 1)
  const creditOf = async (personId: string) =>
    ((await call('GET', `/api/people/${personId}/invoices`)).json() as InvoiceStatement).credit

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    committee = await t.signInAs(3)
    const admin = await t.signInAs(4)
    const fixed = { name: 'Over 65', percent: null, fixedPence: 1000, appliesTo: 'rent' }
    for (const kind of [...USUAL_CONCESSION_KINDS, fixed])
      expect((await send(t, admin, 'POST', '/api/rent/concession-kinds', kind)).statusCode).toBe(
        201,
      )
    kinds = (await call('GET', '/api/rent/concession-kinds')).json()
    for (const [i, id] of LET_PLOTS.entries()) await createPlot(t, committee, id, { fee: FEES[i] })
    for (const [i, id] of FOLK.entries())
      await createPerson(t, committee, id, {
        firstName: `Folk${i}`,
        email: '',
        contactBy: 'post',
        dateJoined: `201${i}-04-05`,
      })
    for (const [i, id] of LET_PLOTS.slice(0, 3).entries())
      expect((await call('PUT', `/api/plots/${id}/tenants/${FOLK[i]}`)).statusCode).toBe(200)
    for (const id of FOLK) people.set(id, (await call('GET', `/api/people/${id}`)).json())
    t.app.config.clock = () => new Date(`${today}T12:00:00.000Z`)
    const sending = await previewSending(t, committee, START)
    const started = await call('POST', '/api/rent/years', { startDate: START, confirmed: sending })
    expect(started.statusCode, started.body).toBe(201)
    yearId = started.json().yearId
  })
  afterAll(() => t.close())

  // One operation, checked against the shared rules as it goes.
  async function run(op: TenancyOp) {
    if (op.kind === 'days') {
      const later = addDays(today, op.days)
      if (later < '2027-09-25') today = later
      return
    }
    if (op.kind === 'credit') {
      const personId = FOLK[op.person]!
      const held = await creditOf(personId)
      const moved = op.refund
        ? await call('POST', `/api/people/${personId}/credit/refund`, {
            amount: Math.max(1, held),
            reference: 'by transfer',
            requestId: randomUUID(),
          })
        : await call('POST', `/api/people/${personId}/credit/use`, { requestId: randomUUID() })
      if (op.refund && held === 0) {
        expect(moved.statusCode, moved.body).toBe(422)
        return count('refund refused: no credit')
      }
      expect(moved.statusCode, moved.body).toBe(200)
      if (op.refund) expect(await creditOf(personId)).toBe(0)
      return count(op.refund ? 'credit refunded' : 'credit used')
    }
    if (op.kind === 'concession') {
      const personId = FOLK[op.person]!
      const given = await call('POST', `/api/people/${personId}/concessions`, {
        kindId: kinds[op.kindIndex]!.id,
        evidence: 'seen at the gate',
        startsOn: today,
        endsOn: op.days === null ? null : addDays(today, op.days),
      })
      expect(given.statusCode, given.body).toBe(201)
      grants.set(personId, [...(grants.get(personId) ?? []), given.json()])
      return count('concession given')
    }
    if (op.kind === 'endConcession') {
      const personId = FOLK[op.person]!
      const open = (grants.get(personId) ?? []).filter((grant) => inForce(grant, today))
      const grant = open[0]
      if (!grant) return
      // Ended yesterday, or today when it began today: the next invoice made does without it.
      const endsOn = grant.startsOn < today ? addDays(today, -1) : today
      const ended = await call('PUT', `/api/rent/concessions/${grant.id}/end`, {
        endsOn,
        version: grant.version,
      })
      expect(ended.statusCode, ended.body).toBe(200)
      grants.set(
        personId,
        (grants.get(personId) ?? []).map((g) => (g.id === grant.id ? ended.json() : g)),
      )
      return count('concession ended')
    }
    const plotId = LET_PLOTS[op.plot]!
    const plot = await plotOf(plotId)
    const before = (await yearInvoices()).filter((invoice) => invoice.plotId === plotId)
    switch (op.kind) {
      case 'let': {
        const personId = FOLK[op.person]!
        const added = await call('PUT', `/api/plots/${plotId}/tenants/${personId}`)
        if (added.statusCode !== 200) {
          expect(added.statusCode, added.body).toBe(422)
          return count('let refused: four tenants')
        }
        const now = added.json().plot as Plot
        const raised = await call('POST', `/api/plots/${plotId}/invoices`)
        const held = before.some((i) => !i.cancelled && now.tenants.includes(i.payerId))
        const months = monthsCharged('months', START, today)
        const full = FEES[op.plot]! * 100
        const off = offToday(now.payer, full)
        const owed = amountFor(full - off, months, 12)
        if (held || months === 0 || owed <= 0) {
          expect(raised.statusCode, raised.body).toBe(409)
          expect(raised.json().detail).toBe(
            held
              ? partYearMessages.alreadyInvoiced(plotId)
              : partYearMessages.nothingToInvoice(plotId),
          )
          return count(`raise refused: ${held ? 'held' : 'nothing'}`)
        }
        expect(raised.statusCode, raised.body).toBe(201)
        const invoice = (await yearInvoices()).find((i) => i.id === raised.json().id)!
        expect(invoice).toMatchObject({ payerId: now.payer, amount: owed })
        if (off > 0) count('raised: with a concession')
        return count(months === 12 ? 'raised: whole year' : 'raised: months left')
      }
      case 'leave': {
        if (plot.tenants.length === 0) return
        const personId = plot.tenants[op.which % plot.tenants.length]!
        const open = before.find((i) => i.payerId === personId && i.outstanding > 0)
        const left = await call(
          'DELETE',
          `/api/plots/${plotId}/tenants/${personId}?invoice=${op.choice}`,
        )
        expect(left.statusCode, left.body).toBe(200)
        expect((left.json().plot as Plot).tenants).not.toContain(personId)
        if (!open) return count('left owing nothing')
        const after = (await yearInvoices()).find((i) => i.id === open.id)!
        const { months } = await t.db.kysely
          .selectFrom('invoices')
          .select('months')
          .where('id', '=', open.id)
          .executeTakeFirstOrThrow()
        const owed =
          op.choice === 'stands'
            ? open.outstanding
            : op.choice === 'writeoff'
              ? 0
              : open.outstanding -
                Math.min(
                  open.outstanding,
                  open.amount -
                    amountFor(open.amount, monthsHeld('months', START, today, months), months),
                )
        expect(after.outstanding, `${op.choice} on ${today}`).toBe(owed)
        return count(`left: ${op.choice}`)
      }
      case 'payer': {
        if (plot.tenants.length === 0) return
        const personId = plot.tenants[op.which % plot.tenants.length]!
        const chosen = await call('PUT', `/api/plots/${plotId}/payer`, { personId })
        expect(chosen.statusCode, chosen.body).toBe(200)
        expect((chosen.json() as Plot).payer).toBe(personId)
        // An invoice already made stays with the one it was made to.
        const made = (list: Invoice[]) => list.map((i) => `${i.id} ${i.payerId} ${i.amount}`)
        expect(made(await yearInvoices())).toEqual(expect.arrayContaining(made(before)))
        return count('payer chosen')
      }
      case 'pay': {
        const open = before.find((i) => i.outstanding > 0)
        if (!open) return
        const amount = Math.max(1, Math.round((open.outstanding * op.percent) / 100))
        const paid = await call('POST', `/api/rent/invoices/${open.id}/payments`, {
          amount,
          method: 'cash',
          date: today,
          reference: 'at the gate',
          requestId: randomUUID(),
        })
        expect(paid.statusCode, paid.body).toBe(201)
        return count('paid')
      }
    }
  }

  async function checkBooks() {
    const k = t.db.kysely
    const [rawInvoices, lines, ledger, plots, api, everyone] = await Promise.all([
      k.selectFrom('invoices').selectAll().orderBy('number').execute(),
      k.selectFrom('invoice_lines').selectAll().execute(),
      k.selectFrom('ledger').selectAll().orderBy('id').execute(),
      k.selectFrom('plots').select(['id', 'paid']).execute(),
      yearInvoices(),
      Promise.all(
        FOLK.map(async (id) => (await call('GET', `/api/people/${id}`)).json() as Person),
      ),
    ])
    expect(rawInvoices.map((i) => i.number)).toEqual(rawInvoices.map((_, n) => n + 1))
    const byId = new Map(api.map((i) => [i.id, i]))
    const owing = new Set<string>()
    // Each payer's credit is what their invoices were paid beyond what they ask, from the raw
    // ledger: payments over, less what was carried to another invoice or refunded.
    const credit = new Map<string, number>()
    for (const inv of rawInvoices) {
      const sums = { ...NO_ENTRIES }
      for (const row of ledger.filter((row) => row.invoiceId === inv.id))
        sums[row.kind] += Number(row.amount)
      const outstanding = outstandingOf(inv.amount, sums)
      credit.set(inv.payerId, (credit.get(inv.payerId) ?? 0) + Math.max(0, -outstanding))
      expect(byId.get(inv.id)).toMatchObject({ amount: inv.amount, outstanding })
      const own = lines.filter((line) => line.invoiceId === inv.id)
      expect(
        own.reduce((sum, line) => sum + line.amount, 0),
        `invoice ${inv.number}`,
      ).toBe(inv.amount)
      if (outstanding > 0) owing.add(inv.plotId)
    }
    for (const plot of plots)
      expect(Boolean(Number(plot.paid)), `plot ${plot.id} paid`).toBe(!owing.has(plot.id))
    for (const id of FOLK) expect(await creditOf(id), `${id}'s credit`).toBe(credit.get(id) ?? 0)
    // Credit moved is carried off one invoice and brought to another, never made or lost.
    const moved = (kind: 'carry' | 'credit') =>
      ledger.filter((row) => row.kind === kind).reduce((sum, row) => sum + Number(row.amount), 0)
    expect(moved('carry')).toBe(moved('credit'))
    // A tenancy begun or ended changes a person's plots, and nothing else of theirs.
    for (const person of everyone) {
      const { plots: _plots, version: _version, ...rest } = person
      const { plots: _was, version: _then, ...before } = people.get(person.id)!
      expect(rest, person.id).toEqual(before)
    }
  }

  // Deposits: money held to be given back, in their own entries, never the invoices' ledger.
  const depositsTaken = new Map<number, Deposit>()
  let depositKindId = 0
  async function runDeposit(op: DepositOp) {
    const balances = async () =>
      (await yearInvoices()).map((i) => [i.id, i.payerId, i.amount, i.outstanding])
    const [ledgerBefore, invoicesBefore] = [await ledgerRows(), await balances()]
    const plotId = LET_PLOTS[op.plot]!
    if (op.action === 'take') {
      const plot = await plotOf(plotId)
      const personId = plot.tenants[op.percent % Math.max(1, plot.tenants.length)]
      if (!personId) return
      if (!depositKindId) {
        const admin = await t.signInAs(4, 'deposit-admin')
        const kind = { name: 'Key', amount: 5500 }
        depositKindId = (await send(t, admin, 'POST', '/api/rent/deposit-kinds', kind)).json().id
      }
      const taken = await call('POST', `/api/people/${personId}/deposits`, {
        kindId: depositKindId,
        plotId,
        date: today,
        method: 'cash',
      })
      expect(taken.statusCode, taken.body).toBe(201)
      depositsTaken.set(taken.json().id, taken.json())
      count('deposit taken')
    } else {
      // A leaver's: a deposit of the plot whose holder is no longer its tenant.
      const tenants = (await plotOf(plotId)).tenants
      const deposit = [...depositsTaken.values()].find(
        (d) => d.plotId === plotId && d.held > 0 && !tenants.includes(d.personId),
      )
      if (!deposit) return
      const amount = Math.max(1, Math.round((deposit.held * op.percent) / 100))
      const added = await call('POST', `/api/rent/deposits/${deposit.id}/entries`, {
        kind: op.action === 'keep' ? 'kept' : 'returned',
        date: today,
        amount,
        method: op.action === 'keep' ? null : 'cash',
        reason: op.action === 'keep' ? 'Key not returned' : 'Plot given up',
        version: deposit.version,
      })
      if (amount > deposit.held) {
        expect(added.statusCode, added.body).toBe(400)
        count('deposit: more than held refused')
      } else {
        expect(added.statusCode, added.body).toBe(200)
        depositsTaken.set(deposit.id, added.json())
        count(amount === deposit.held ? `deposit ${op.action}: all` : `deposit ${op.action}: part`)
      }
    }
    // Nothing of the invoices or their ledger moved.
    expect(await ledgerRows()).toEqual(ledgerBefore)
    expect(await balances()).toEqual(invoicesBefore)
  }
  const ledgerRows = () => t.db.kysely.selectFrom('ledger').selectAll().orderBy('id').execute()
  async function checkDeposits() {
    const k = t.db.kysely
    const entries = await k.selectFrom('deposit_entries').selectAll().execute()
    let total = 0
    for (const [id, known] of depositsTaken) {
      const own = entries.filter((entry) => entry.depositId === id)
      const { held, taken, returned, kept } = depositTotals(own)
      expect(held, `deposit ${id}`).toBe(taken - returned - kept)
      expect(held).toBeGreaterThanOrEqual(0)
      expect(known.held, `deposit ${id} as answered`).toBe(held)
      total += held
    }
    const listed = (await call('GET', `/api/rent/deposits/held?date=${today}`)).json()
    expect((listed as DepositsHeld).total).toBe(total)
  }

  // Each statement's lines are told apart by a number of their own, so none is a line kept before.
  let bankLinesSent = 0
  async function runBank(op: BankOp) {
    const payments = op.lines.map(({ what, pence }) => ({
      date: today,
      pence: BANK_LINE[what].sign * pence,
      reference: `${BANK_LINE[what].reference} ${++bankLinesSent}`,
    }))
    const kept = await keepStatementLines(
      t,
      committee,
      BANK_STATEMENTS['Lloyds or Halifax']!(payments),
    )
    expect(kept.statusCode, kept.body).toBe(200)
    expect(kept.json()).toMatchObject({ kept: payments.length })
    count('bank lines kept')
    const lines = await t.db.kysely
      .selectFrom('bank_lines')
      .select(['lineId', 'reference', 'categoryKey'])
      .where(
        'reference',
        'in',
        payments.map((p) => p.reference),
      )
      .execute()
    for (const [i, line] of op.lines.entries()) {
      const row = lines.find((l) => l.reference === payments[i]!.reference)!
      if (!line.sort || row.categoryKey !== null) continue
      const sorted = await call('PUT', `/api/rent/bank-lines/${row.lineId}/category`, {
        categoryKey: BANK_LINE[line.what].category,
      })
      expect(sorted.statusCode, sorted.body).toBe(200)
      count('bank line categorised')
    }
  }
  // The year's receipts and payments account is its kept lines added up by category, on the side
  // of the category's kind, the lines not yet categorised on the side of their money; and beside
  // it, the deposits held at the period's end.
  async function checkAccounts() {
    const to = '2027-09-30'
    const answer = await call('GET', `/api/rent/accounts?from=${START}&to=${to}`)
    expect(answer.statusCode, answer.body).toBe(200)
    const accounts = answer.json() as YearAccounts
    const lines = await t.db.kysely
      .selectFrom('bank_lines')
      .select(['amount', 'categoryKey'])
      .where('date', '>=', START)
      .where('date', '<=', to)
      .execute()
    const sum = (rows: typeof lines) => rows.reduce((total, row) => total + Number(row.amount), 0)
    expect(accounts.lines).toBe(lines.length)
    expect(accounts.totalReceipts - accounts.totalPayments).toBe(sum(lines))
    for (const category of USUAL_BANK_CATEGORIES) {
      const own = lines.filter((line) => line.categoryKey === category.key)
      const row = [...accounts.receipts, ...accounts.payments].find((r) => r.key === category.key)
      expect(row?.amount ?? 0, category.name).toBe(
        category.kind === 'income' ? sum(own) : 0 - sum(own),
      )
    }
    const uncategorised = lines.filter((line) => line.categoryKey === null)
    expect(accounts.uncategorised).toBe(uncategorised.length)
    if (accounts.opening !== null) expect(accounts.closing).toBe(accounts.opening + sum(lines))
    const held = (await call('GET', `/api/rent/deposits/held?date=${to}`)).json() as DepositsHeld
    expect(accounts.totalHeld).toBe(held.total)
    expect(accounts.held.reduce((total, line) => total + line.amount, 0)).toBe(held.total)
  }

  it(`keeps every balance its ledger's over ${TENANCY_ROUNDS} rounds of lettings, leavings and payer changes`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(tenancyOp, { minLength: 4, maxLength: 12 }),
        fc.array(concessionOp, { maxLength: 12 }),
        fc.array(depositOp, { maxLength: 12 }),
        fc.array(bankOp, { maxLength: 4 }),
        async (ops, concessions, deposits, banks) => {
          for (const [i, op] of ops.entries()) {
            if (concessions[i]) await run(concessions[i])
            await run(op)
            if (deposits[i]) await runDeposit(deposits[i])
            if (banks[i]) await runBank(banks[i])
          }
          await checkBooks()
          await checkDeposits()
          await checkAccounts()
        },
      ),
      { numRuns: TENANCY_ROUNDS, seed: SEED, endOnFailure: true },
    )
    console.info(`rent model of tenancies on ${engine}: ${JSON.stringify(seen)}`)
    for (const wanted of [
      'raised: months left',
      'left: reduce',
      'left: writeoff',
      'payer chosen',
      'credit used',
      'credit refunded',
      'concession given',
      'concession ended',
      'raised: with a concession',
      'deposit taken',
      'deposit return: part',
      'deposit: more than held refused',
      'bank lines kept',
      'bank line categorised',
    ])
      expect(seen[wanted] ?? 0, wanted).toBeGreaterThan(0)
    // Payments beyond what was owed were taken, and credit was carried to invoices that owed:
    // looked for here, where the operations run one at a time (the same on every run), not in
    // the concurrent model, where whether a credit meets an invoice owing is the engine's timing.
    const kinds = (await t.db.kysely.selectFrom('ledger').select('kind').execute()).map(
      (row) => row.kind,
    )
    for (const wanted of ['carry', 'credit'] as const)
      expect(kinds.includes(wanted), wanted).toBe(true)
  }, 120_000)
})

// Issue 47, item 3 (decision 60): invoices split into instalments, and split again, while payments
// in any order and amount (part, whole, over), refunds and write-offs arrive at once. After each
// round every invoice's balance is its ledger's, the instalments' outstanding sums to what the
// invoice owes, each split summed to what was owed when it was made, and no split added an entry.
const INSTALMENT_ROUNDS = 8
const SPLIT_PLOTS = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6']
const SPLIT_FEES = [65, 120, 33.33, 48, 90, 20]

type InstalmentOp =
  | { kind: 'split'; plot: number; by: 'count' | 'amount'; size: number; month: number }
  | { kind: 'payment'; plot: number; percent: number; over: number }
  | { kind: 'refund' | 'writeoff'; plot: number; percent: number }

const splitPlot = fc.integer({ min: 0, max: SPLIT_PLOTS.length - 1 })
const instalmentOp: fc.Arbitrary<InstalmentOp> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('split' as const),
      plot: splitPlot,
      by: fc.constantFrom('count' as const, 'amount' as const),
      size: fc.integer({ min: 2, max: 6 }),
      month: fc.integer({ min: 0, max: 5 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('payment' as const),
      plot: splitPlot,
      percent: fc.integer({ min: 1, max: 60 }),
      over: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 2000 })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('refund' as const, 'writeoff' as const),
      plot: splitPlot,
      percent: fc.integer({ min: 1, max: 50 }),
    }),
  },
)

describe.each(engines)('invoices in instalments under concurrent payments on %s', (engine) => {
  let t: TestApp
  let committee = ''
  let yearId = 0
  const seen: Record<string, number> = {}
  const invoices = async () =>
    (await send(t, committee, 'GET', `/api/rent/years/${yearId}/invoices`)).json() as Invoice[]

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    committee = await t.signInAs(3)
    for (const [i, plot] of SPLIT_PLOTS.entries()) {
      await createPlot(t, committee, plot, { fee: SPLIT_FEES[i] })
      await createPerson(t, committee, `s${i}`, { email: '', contactBy: 'post' })
      expect((await send(t, committee, 'PUT', `/api/plots/${plot}/tenants/s${i}`)).statusCode).toBe(
        200,
      )
    }
    const confirmed = await previewSending(t, committee, START)
    const started = await send(t, committee, 'POST', '/api/rent/years', {
      startDate: START,
      confirmed,
    })
    expect(started.statusCode, started.body).toBe(201)
    yearId = started.json().yearId
  })
  afterAll(() => t.close())

  // One operation on the invoice as it was read at the round's start; a refusal (nothing owed,
  // a split made meanwhile) is an answer too, and changes nothing.
  async function run(op: InstalmentOp, invoice: Invoice) {
    const url = `/api/rent/invoices/${invoice.id}`
    const part = (percent: number, of: number) => Math.max(1, Math.floor((of * percent) / 100))
    const today = t.app.clock.today()
    let response
    if (op.kind === 'split') {
      const owed = Math.max(1, invoice.outstanding)
      response = await send(t, committee, 'POST', `${url}/instalments`, {
        version: invoice.split?.version ?? 0,
        firstDueDate: addDays(START, 30 * op.month),
        ...(op.by === 'count' ? { count: op.size } : { amount: Math.ceil(owed / op.size) }),
      })
    } else if (op.kind === 'payment') {
      response = await send(t, committee, 'POST', `${url}/payments`, {
        amount: part(op.percent, Math.max(100, invoice.outstanding)) + op.over,
        method: 'cash',
        date: today,
        reference: 'model',
        requestId: randomUUID(),
      })
    } else {
      response = await send(t, committee, 'POST', `${url}/corrections`, {
        kind: op.kind,
        amount: part(op.percent, op.kind === 'refund' ? invoice.paid : invoice.outstanding),
        date: today,
        reference: 'model',
        requestId: randomUUID(),
      })
    }
    const key = `${op.kind} ${response.statusCode}`
    seen[key] = (seen[key] ?? 0) + 1
    expect([200, 201, 400, 409, 422], response.body).toContain(response.statusCode)
  }

  async function checkBooks(today: string) {
    const db = t.db.kysely
    const [all, ledger, plans] = await Promise.all([
      invoices(),
      db.selectFrom('ledger').selectAll().execute(),
      db
        .selectFrom('instalment_plans')
        .innerJoin('instalments', 'instalments.planId', 'instalment_plans.id')
        .select(['invoiceId', 'version', 'coveredBefore', 'amount'])
        .execute(),
    ])
    for (const invoice of all) {
      const sums: EntrySums = { ...NO_ENTRIES }
      for (const entry of ledger.filter((row) => row.invoiceId === invoice.id))
        sums[entry.kind] += entry.kind === 'cancel' ? 1 : Number(entry.amount)
      expect(invoice.outstanding, invoice.plotId).toBe(outstandingOf(invoice.amount, sums))
      // Each split's instalments summed to what the invoice owed when it was made.
      const versions = [
        ...new Set(plans.filter((p) => p.invoiceId === invoice.id).map((p) => p.version)),
      ]
      expect(versions.sort((a, b) => a - b)).toEqual(versions.map((_, i) => i + 1))
      for (const version of versions) {
        const rows = plans.filter((p) => p.invoiceId === invoice.id && p.version === version)
        expect(rows.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(
          invoice.amount - Number(rows[0]!.coveredBefore),
        )
      }
      if (!invoice.split) continue
      expect(invoice.split.version).toBe(versions.length)
      const states = settleInstalments(invoice.split, invoice, today)
      expect(
        states.reduce((sum, s) => sum + s.outstanding, 0),
        invoice.plotId,
      ).toBe(Math.max(0, invoice.outstanding))
      expect(states.every((s) => s.paid >= 0 && s.paid <= s.amount)).toBe(true)
    }
    // A split adds no entry: every ledger row is a payment or correction that was asked for.
    const logged = await db
      .selectFrom('logs')
      .select('id')
      .where('methodName', 'in', ['recordPayment', 'recordRefund', 'writeOff'])
      .where('error', '=', 'null')
      .execute()
    expect(ledger).toHaveLength(logged.length)
  }

  it(`keeps every balance its ledger's and its instalments' over ${INSTALMENT_ROUNDS} rounds`, async () => {
    const rounds = fc.sample(fc.array(instalmentOp, { minLength: 6, maxLength: 14 }), {
      seed: SEED,
      numRuns: INSTALMENT_ROUNDS,
    })
    for (const [round, ops] of rounds.entries()) {
      t.moveClockTo(addDays(START, 9 * round))
      const byPlot = new Map((await invoices()).map((invoice) => [invoice.plotId, invoice]))
      await Promise.all(ops.map((op) => run(op, byPlot.get(SPLIT_PLOTS[op.plot]!)!)))
      await checkBooks(t.app.clock.today())
    }
    console.info(`rent model of instalments on ${engine}: ${JSON.stringify(seen)}`)
    for (const wanted of ['split 200', 'payment 201', 'split 409'])
      expect(seen[wanted] ?? 0, wanted).toBeGreaterThan(0)
  }, 120_000)
})
