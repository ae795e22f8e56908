import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rentMessages } from '#shared/messages/rent'
import { statementMessages } from '#shared/messages/statement'
import type { Invoice, StatementCheck, StatementLine } from '#shared/schemas/rent'
import { BANK_STATEMENTS, type Payment } from '#tests/helpers/bank-statements'
import { createPerson, createPlot, send } from '#tests/helpers/records'
import { checkStatement, confirmLines, startRentYear, statementLines } from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 31: statements as UK banks export them, each read and matched to the invoice it pays; a
// line recorded once however often it is imported, or however statements overlap; a payment
// quoting no reference suggested the invoice its payer's name, plot or amount fits, or split over
// two; a layout we do not know mapped once and used after; and files that are no statement
// refused, recording nothing.

const START = '2026-10-01'

describe.each(engines)('bank statements on %s', (engine) => {
  let t: TestApp
  let committee = ''
  const invoices = new Map<string, Invoice>()

  const refresh = async () => {
    const years = (await send(t, committee, 'GET', '/api/rent/years')).json() as Array<{
      id: number
    }>
    const listed = (
      await send(t, committee, 'GET', `/api/rent/years/${years[0]!.id}/invoices`)
    ).json() as Invoice[]
    for (const invoice of listed) invoices.set(invoice.plotId, invoice)
  }
  const owed = async (plot: string) => {
    await refresh()
    return invoices.get(plot)!.outstanding
  }
  const ledgerRows = () => t.db.kysely.selectFrom('ledger').selectAll().orderBy('id').execute()
  const confirm = (parts: Array<{ line: StatementLine; invoiceId: number; amount?: number }>) =>
    confirmLines(t, committee, parts)
  const recorded = async (parts: Parameters<typeof confirm>[0]) => {
    const answer = await confirm(parts)
    expect(answer.statusCode, answer.body).toBe(200)
    return (answer.json() as { recorded: number }).recorded
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    committee = await t.signInAs(3)
    for (const [plot, fee] of [
      ['12', 450],
      ['13', 300],
      ['B7', 60],
      ['14', 25],
    ] as const)
      await createPlot(t, committee, plot, { fee })
    for (const [id, firstName, lastName, plot] of [
      ['john', 'John', 'Smith', '12'],
      ['mary', 'Mary', 'Smith', '13'],
      ['ann', 'Ann', "O'Brien", 'B7'],
      ['raj', 'Raj', 'Patel', '14'],
    ] as const) {
      await createPerson(t, committee, id, { firstName, lastName, email: `${id}@example.org` })
      const tenancy = await send(t, committee, 'PUT', `/api/plots/${plot}/tenants/${id}`)
      expect(tenancy.statusCode, tenancy.body).toBe(200)
    }
    const started = await startRentYear(t, committee, START)
    expect(started.statusCode, started.body).toBe(201)
    await refresh()
  })
  afterAll(() => t.close())

  it.each(Object.keys(BANK_STATEMENTS).map((bank, day) => [bank, day]))(
    'reads %s, matches the payment quoting its invoice, suggests the one quoting a name, and records the line once',
    async (bank, day) => {
      const date = `2026-10-${String(day + 2).padStart(2, '0')}`
      const plot12 = invoices.get('12')!
      const payments: Payment[] = [
        { date, pence: 100, reference: `INV-${plot12.number} RENT`, payee: 'J SMITH' },
        { date, pence: -1250, reference: 'GARDEN CENTRE' },
        { date, pence: 100, reference: 'ALLOTMENT', payee: 'R PATEL' },
      ]
      const file = BANK_STATEMENTS[bank]!(payments)
      const before = await owed('12')
      const lines = await statementLines(t, committee, file)
      // Named as the bank's own export only when it is: its heading row exactly, or its format.
      const checked = (await checkStatement(t, committee, file)).json() as StatementCheck
      expect(checked.kind === 'lines' && checked.layout).toBe(
        ({ 'OFX 1.x': 'OFX', 'OFX 2.x': 'OFX' } as Record<string, string>)[bank] ?? bank,
      )
      expect(lines.map((line) => [line.date, line.amount])).toEqual([
        [date, 100],
        [date, -1250],
        [date, 100],
      ])
      expect(lines[0]!.match?.invoiceId).toBe(plot12.id)
      expect(lines[1]!.problem).toBe(rentMessages.statementNotPayment)
      expect(lines[2]!.match).toBeNull()
      expect(lines[2]!.suggestions[0]?.map((part) => part.invoice.plotId)).toEqual(['14'])

      expect(await recorded([{ line: lines[0]!, invoiceId: plot12.id }])).toBe(1)
      expect(await owed('12')).toBe(before - 100)

      // The same statement again: the line is shown as recorded, and confirming it records nothing.
      const again = await statementLines(t, committee, file)
      expect(again.map((line) => line.recorded)).toEqual([true, false, false])
      const rows = await ledgerRows()
      expect(await recorded([{ line: again[0]!, invoiceId: plot12.id }])).toBe(0)
      expect(await ledgerRows()).toEqual(rows)
      expect(await owed('12')).toBe(before - 100)
    },
  )

  it('records each line of two overlapping statements once, two alike payments on one day as two', async () => {
    const plot13 = invoices.get('13')!
    const pay = (date: string, pence = 200): Payment => ({
      date,
      pence,
      reference: `INV-${plot13.number}`,
      payee: 'M SMITH',
    })
    for (const bank of ['Lloyds or Halifax', 'QIF', 'Barclays']) {
      const write = BANK_STATEMENTS[bank]!
      const before = await owed('13')
      // September's statement, then one from mid-September to October: the days between are in both.
      const [first, second] = [
        [pay('2026-10-20'), pay('2026-10-21'), pay('2026-10-21')],
        [pay('2026-10-20'), pay('2026-10-21'), pay('2026-10-21'), pay('2026-10-22')],
      ]
      const firstLines = await statementLines(t, committee, write(first!))
      expect(await recorded(firstLines.map((line) => ({ line, invoiceId: plot13.id }))), bank).toBe(
        3,
      )
      const secondLines = await statementLines(t, committee, write(second!))
      expect(
        secondLines.map((line) => line.recorded),
        bank,
      ).toEqual([true, true, true, false])
      expect(await recorded(secondLines.map((line) => ({ line, invoiceId: plot13.id })))).toBe(1)
      expect(await owed('13'), bank).toBe(before - 800)
      await t.db.kysely.deleteFrom('ledger').where('invoiceId', '=', plot13.id).execute()
    }
  })

  it('suggests invoices by plot, by name, by the exact amount owed, and two joint tenants sharing one sum', async () => {
    await refresh()
    const [john, mary, ann] = ['12', '13', 'B7'].map((plot) => invoices.get(plot)!)
    const payments: Payment[] = [
      { date: '2026-10-23', pence: 500, reference: 'PLOT 12 RENT' },
      { date: '2026-10-23', pence: 500, reference: 'J SMITH ALLOTMENT' },
      { date: '2026-10-23', pence: ann!.outstanding, reference: 'ALLOTMENT' },
      {
        date: '2026-10-23',
        pence: john!.outstanding + mary!.outstanding,
        reference: 'SMITH RENT',
      },
    ]
    const lines = await statementLines(t, committee, BANK_STATEMENTS['HSBC']!(payments))
    const suggested = (line: StatementLine) =>
      line.suggestions.map((parts) => parts.map((part) => [part.invoice.plotId, part.amount]))
    expect(suggested(lines[0]!)[0]).toEqual([['12', 500]])
    // John before Mary: the initial is his.
    expect(suggested(lines[1]!).slice(0, 2)).toEqual([[['12', 500]], [['13', 500]]])
    expect(suggested(lines[2]!)).toEqual([[['B7', ann!.outstanding]]])
    expect(suggested(lines[3]!)[0]).toEqual([
      ['12', john!.outstanding],
      ['13', mary!.outstanding],
    ])
    // The joint payment confirmed as suggested: both invoices paid, the line recorded once.
    const split = lines[3]!.suggestions[0]!.map((part) => ({
      line: lines[3]!,
      invoiceId: part.invoice.invoiceId,
      amount: part.amount,
    }))
    expect(await recorded(split)).toBe(2)
    expect([await owed('12'), await owed('13')]).toEqual([0, 0])
    const again = await statementLines(t, committee, BANK_STATEMENTS['HSBC']!(payments))
    expect(again[3]!.recorded).toBe(true)
    expect(await recorded(split)).toBe(0)
  })

  it('names no bank for a statement whose headings are not that bank’s exactly', async () => {
    const file = [
      'Date,Description,Money In,Money Out,Balance,Category',
      '06/10/2026,INV-1 RENT,45.00,,1045.00,Rent',
    ].join('\n')
    const checked = (await checkStatement(t, committee, file)).json() as StatementCheck
    expect(checked.kind === 'lines' && [checked.layout, checked.lines[0]!.amount]).toEqual([
      null,
      4500,
    ])
  })

  it('asks for the columns of a layout it does not know, keeps the mapping under its name, and reads with it next time', async () => {
    const plotB7 = invoices.get('B7')!
    const csv = [
      'Posted;Narrative text;Sum;Ref2',
      `24.10.2026;INV-${plotB7.number} ANN;1.00;x`,
    ].join('\n')
    const first = await checkStatement(t, committee, csv)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      kind: 'columns',
      columnCount: 4,
      preview: [
        ['Posted', 'Narrative text', 'Sum', 'Ref2'],
        ['24.10.2026', `INV-${plotB7.number} ANN`, '1.00', 'x'],
      ],
    })
    const layout = {
      name: 'Co-operative Bank',
      columnCount: 4,
      columns: { date: 0, reference: 1, amount: 2 },
    }
    const refused = await send(t, committee, 'POST', '/api/rent/statement-layouts', {
      ...layout,
      columns: { date: 0, reference: 1 },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().detail).toBe(statementMessages.needsMoney)
    const saved = await send(t, committee, 'POST', '/api/rent/statement-layouts', layout)
    expect(saved.statusCode, saved.body).toBe(200)
    const next = (await checkStatement(t, committee, csv)).json() as StatementCheck
    expect(next.kind === 'lines' && [next.layout, next.lines[0]!.match?.invoiceId]).toEqual([
      'Co-operative Bank',
      plotB7.id,
    ])
    // Asked to map again, it shows the rows; sent a mapping, it reads with it.
    expect((await checkStatement(t, committee, csv, { choose: '1' })).json().kind).toBe('columns')
    const mapped = (
      await checkStatement(t, committee, csv, {
        layout: JSON.stringify({ ...layout, columns: { date: 0, reference: 3, amount: 2 } }),
      })
    ).json() as StatementCheck
    expect(mapped.kind === 'lines' && mapped.lines[0]!.reference).toBe('x')
  })

  it('refuses what is no statement with a clear message, recording nothing and never failing', async () => {
    const before = await ledgerRows()
    const dated = (rows: number) =>
      ['Date,Reference,Amount', ...Array.from({ length: rows }, () => '01/10/2026,x,1.00')].join(
        '\n',
      )
    for (const [file, detail] of [
      [
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
        statementMessages.notAStatement,
      ],
      ['', rentMessages.statementEmpty],
      ['Just some words\nin a letter', statementMessages.notAStatement],
      ['Date,Reference,Amount\n', rentMessages.statementEmpty],
      [dated(10_001), statementMessages.tooManyLines(10_000)],
      ['1\n'.repeat(1_000_000), statementMessages.tooManyLines(10_000)],
      [Buffer.alloc(5 * 1024 * 1024 + 1, 'a'), rentMessages.statementTooLarge],
      ['OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS>', statementMessages.notAStatement],
    ] as const) {
      const refused = await checkStatement(t, committee, file)
      expect(refused.statusCode, refused.body.slice(0, 200)).toBe(400)
      expect(refused.json().detail).toBe(detail)
    }
    const impossible = await statementLines(
      t,
      committee,
      'Date,Reference,Amount\n31/02/2026,x,1.00',
    )
    expect(impossible[0]!.problem).toBe(rentMessages.statementNoSuchDate('31/02/2026'))
    expect(await ledgerRows()).toEqual(before)
  })
})
