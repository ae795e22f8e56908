import { describe, expect, it } from 'vitest'
import { statementPence } from '#shared/domain/money'
import { statementDate } from '#shared/domain/statement-dates'
import { statementCounts } from '#shared/domain/statement-groups'
import { recogniseColumns } from '#shared/domain/statement-layouts'
import { linesOfRows, readLines } from '#shared/domain/statement-lines'
import { invoiceSuggester } from '#shared/domain/statement-suggest'
import { rentMessages } from '#shared/messages/rent'
import type { StatementLine } from '#shared/schemas/rent'

// Issue 31: a bank statement's dates, amounts and columns as banks write them; the identity that
// makes a line the same in every statement; and the invoices suggested for a payment quoting none.

describe('bank statements', () => {
  it('reads the dates British banks write, day first, and OFX and QIF dates', () => {
    for (const [written, iso] of [
      ['03/10/2026', '2026-10-03'],
      ['3/10/26', '2026-10-03'],
      ['03-10-2026', '2026-10-03'],
      ['03.10.2026', '2026-10-03'],
      ['03 Oct 2026', '2026-10-03'],
      ['3-Oct-26', '2026-10-03'],
      ['03 October 2026', '2026-10-03'],
      ['2026-10-03', '2026-10-03'],
      ['20261003', '2026-10-03'],
      ['20261003120000.000[0:GMT]', '2026-10-03'],
      ["03/10'26", '2026-10-03'],
      ['03/10/2026 14:22', '2026-10-03'],
    ])
      expect(statementDate(written!), written).toBe(iso)
    for (const text of ['', 'Date', 'Closing balance', '03 Foo 2026', '1234'])
      expect(statementDate(text), text).toBeUndefined()
  })

  it('reads amounts with signs, pounds, GBP, brackets and CR or DR', () => {
    expect(statementPence('+45.00')).toBe(4500)
    expect(statementPence('45.00 GBP')).toBe(4500)
    expect(statementPence('45.00CR')).toBe(4500)
    expect(statementPence('45.00 DR')).toBe(-4500)
    expect(statementPence('-£1,234.50')).toBe(-123_450)
  })

  it('gives a line the same identity in every statement, the bank’s id first, two alike lines two', () => {
    const lines = readLines([
      { line: 2, date: '03/10/2026', amount: '45.00', reference: 'J SMITH' },
      { line: 3, date: '03/10/2026', amount: '45.00', reference: 'J SMITH' },
      { line: 4, date: '03/10/2026', amount: '45.00', reference: 'J SMITH', id: 'FIT1' },
      { line: 5, date: '31/02/2026', amount: '1.00', reference: 'x' },
    ])
    expect(lines.map((line) => line.identity)).toEqual([
      '2026-10-03|4500|J SMITH||1',
      '2026-10-03|4500|J SMITH||2',
      'id|FIT1',
      '|100|x||1',
    ])
    expect(lines[3]!.problem).toBe(rentMessages.statementNoSuchDate('31/02/2026'))
  })

  it('finds a bank’s headings below the lines about the account, and the rows after them', () => {
    const rows = [
      ['Account Name:', 'Business ****1'],
      ['Date', 'Transaction type', 'Description', 'Paid out', 'Paid in', 'Balance'],
      ['06 Oct 2026', 'Credit', 'J SMITH', '', '£45.00', '£1,045.00'],
      ['07 Oct 2026', 'Debit', 'SHOP', '£4.00', '', '£1,041.00'],
      ['Closing balance', '', '', '', '', '£1,041.00'],
    ]
    const columns = recogniseColumns(rows, [])
    expect(columns?.name).toBe('Nationwide')
    expect(readLines(linesOfRows(rows, columns!)).map((l) => [l.line, l.amount])).toEqual([
      [3, 4500],
      [4, -400],
    ])
  })

  it('leaves a layout it does not know to the committee, and reads one they mapped by its width', () => {
    const rows = [
      ['Posted', 'Narrative', 'Sum', 'Left'],
      ['05.10.2026', 'INV-3', '1.00', '9.00'],
    ]
    expect(recogniseColumns(rows, [])).toBeUndefined()
    const saved = { name: 'Co-op', columnCount: 4, columns: { date: 0, reference: 1, amount: 2 } }
    expect(recogniseColumns(rows, [saved])?.name).toBe('Co-op')
    expect(
      recogniseColumns(
        rows.map((cells) => cells.slice(0, 3)),
        [saved],
      )?.name,
    ).toBe('HSBC')
  })

  it('suggests by plot, by surname and initial, by the one exact amount, and two joint tenants', () => {
    const invoices = [
      { invoiceId: 1, number: 1, plotId: '12', payerName: 'John Smith', outstanding: 4500 },
      { invoiceId: 2, number: 2, plotId: '13', payerName: 'Mary Smith', outstanding: 3000 },
      { invoiceId: 3, number: 3, plotId: 'B7', payerName: "Ann O'Brien", outstanding: 6000 },
      { invoiceId: 4, number: 4, plotId: '14', payerName: 'Raj Patel', outstanding: 3000 },
    ]
    const suggest = invoiceSuggester(invoices)
    const plots = (reference: string, amount: number) =>
      suggest({ reference, amount }).map((parts) => parts.map((part) => part.invoice.plotId))
    expect(plots('PLOT 12 RENT', 100)[0]).toEqual(['12'])
    expect(plots('b7 allotment', 100)[0]).toEqual(['B7'])
    expect(plots('M SMITH', 100)).toEqual([['13'], ['12']])
    expect(plots("A O'BRIEN", 100)).toEqual([['B7']])
    // The amount alone: only when one invoice alone owes it.
    expect(plots('ALLOTMENT', 6000)).toEqual([['B7']])
    expect(plots('ALLOTMENT', 3000)).toEqual([])
    expect(plots('SMITH', 7500)[0]).toEqual(['12', '13'])
    expect(plots('SMITH', -4500)).toEqual([])
  })

  it('counts a checked statement’s lines as the screen groups them', () => {
    const line = (over: Partial<StatementLine>): StatementLine => ({
      line: 2,
      date: '2026-10-03',
      amount: 100,
      reference: '',
      lineId: '',
      match: null,
      suggestions: [],
      recorded: false,
      byHand: null,
      problem: null,
      ...over,
    })
    const invoice = {
      invoiceId: 1,
      number: 1,
      plotId: '1',
      plotName: '1',
      siteId: 1,
      payerName: 'A',
      outstanding: 1,
    }
    expect(
      statementCounts([
        line({ match: invoice }),
        line({ suggestions: [[{ invoice, amount: 1 }]] }),
        line({ recorded: true, match: invoice }),
        line({ amount: -5 }),
      ]),
    ).toEqual({ read: 4, matched: 1, suggested: 1, recorded: 1, left: 1 })
  })
})
