import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { penceText } from '#shared/domain/money'
import { UNCATEGORISED } from '#shared/domain/year-accounts'
import type { YearAccounts } from '#shared/domain/year-accounts'
import { yearAccountsMessages as words } from '#shared/messages/year-accounts'
import type { BankLines } from '#shared/schemas/year-accounts'
import { BANK_STATEMENTS, type Payment } from '#tests/helpers/bank-statements'
import { parseCsv } from '#tests/helpers/csv'
import { createPerson, createPlot, send } from '#tests/helpers/records'
import { keepStatementLines } from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 47, item 5: the year's receipts and payments account made of the bank lines kept, adding
// up to them; the bank balance at both ends; on screen, as CSV and as the AGM's PDF; and the
// year's lines in the bank statement import formats Xero, QuickBooks Online and Sage Accounting
// document (decision 59).

const YEAR = 'from=2026-10-01&to=2027-09-30'
const payments: Payment[] = [
  { date: '2026-10-02', pence: 4500, reference: 'J SMITH ALLOTMENT 12' },
  { date: '2026-10-05', pence: -8123, reference: 'WESSEX WATER DD 40171234' },
  { date: '2026-10-06', pence: 2500, reference: 'DONATION FROM FRIENDS' },
  { date: '2026-11-09', pence: -12000, reference: 'SKIPS R US 0911' },
  { date: '2027-10-01', pence: 999, reference: 'NEXT YEAR' },
]
const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text
const withoutBom = (text: string) => {
  expect(text.startsWith('\uFEFF')).toBe(false)
  return parseCsv(`\uFEFF${text}`)
}

describe.each(engines)('the receipts and payments account on %s', (engine) => {
  let t: TestApp
  let committee = ''

  const accounts = async () => {
    const answer = await send(t, committee, 'GET', `/api/rent/accounts?${YEAR}`)
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json<YearAccounts>()
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: '2027-10-15' } })
    committee = await t.signInAs(3, 'treasurer')
    const kept = await keepStatementLines(
      t,
      committee,
      BANK_STATEMENTS['Lloyds or Halifax']!(payments),
    )
    expect(kept.json()).toEqual({ kept: 5, already: 0 })
    const { lines } = (
      await send(t, committee, 'GET', `/api/rent/bank-lines?${YEAR}`)
    ).json<BankLines>()
    const of = (start: string) => lines.find((line) => line.reference.startsWith(start))!
    for (const [line, key] of [
      [of('J SMITH'), 'rent'],
      [of('WESSEX'), 'water-bill'],
      [of('SKIPS'), 'skip-hire'],
    ] as const)
      expect(
        (
          await send(t, committee, 'PUT', `/api/rent/bank-lines/${line.lineId}/category`, {
            categoryKey: key,
          })
        ).statusCode,
      ).toBe(200)
  })
  afterAll(() => t.close())

  it('adds up the year’s lines by category, those not yet categorised apart, with the balance at both ends from the statement', async () => {
    const account = await accounts()
    const amount = (rows: YearAccounts['receipts'], key: string | null) =>
      rows.find((row) => row.key === key)?.amount
    expect(amount(account.receipts, 'rent')).toBe(4500)
    expect(amount(account.receipts, null)).toBe(2500)
    expect(amount(account.payments, 'water-bill')).toBe(8123)
    expect(amount(account.payments, 'skip-hire')).toBe(12000)
    expect(account.receipts.find((row) => row.key === null)!.name).toBe(UNCATEGORISED)
    // The totals equal the lines of the year (the line of 1 October 2027 is the next year's).
    const ofYear = payments.slice(0, 4)
    expect(account.totalReceipts).toBe(
      ofYear.filter((p) => p.pence > 0).reduce((s, p) => s + p.pence, 0),
    )
    expect(account.totalPayments).toBe(
      -ofYear.filter((p) => p.pence < 0).reduce((s, p) => s + p.pence, 0),
    )
    expect(account.lines).toBe(4)
    expect(account.uncategorised).toBe(1)
    // Lloyds' balances run from £1,000.00: the first line's balance less its amount, and the
    // year's last line's balance, which the account's closing balance agrees with.
    expect(account).toMatchObject({
      opening: 100_000,
      openingSource: 'statement',
      closing: 100_000 + 4500 - 8123 + 2500 - 12000,
      statementClosing: 100_000 + 4500 - 8123 + 2500 - 12000,
      difference: 0,
      held: [],
    })
  })

  it('takes the opening balance the treasurer enters, and shows the difference from the statement', async () => {
    const saved = await send(t, committee, 'PUT', '/api/rent/accounts/opening', {
      from: '2026-10-01',
      balance: 99_000,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const account = await accounts()
    expect(account).toMatchObject({ opening: 99_000, openingSource: 'entered', difference: 1_000 })
    await send(t, committee, 'PUT', '/api/rent/accounts/opening', {
      from: '2026-10-01',
      balance: 100_000,
    })
  })

  it('gives the account as CSV and as a PDF the AGM reads', async () => {
    const csv = await send(t, committee, 'GET', `/api/rent/accounts.csv?${YEAR}`)
    expect(csv.headers['content-type']).toContain('text/csv')
    const rows = parseCsv(csv.body)
    expect(rows[0]).toEqual(['Section', 'Item', 'Amount (£)'])
    expect(rows).toContainEqual([words.receipts, 'Rent', '45.00'])
    expect(rows).toContainEqual([words.payments, 'Water bill', '81.23'])
    expect(rows).toContainEqual([words.receipts, words.totalReceipts, '70.00'])
    expect(rows).toContainEqual([words.payments, words.totalPayments, '201.23'])
    expect(rows).toContainEqual([words.bankSection, words.closingBalance, '868.77'])
    const pdf = await send(t, committee, 'GET', `/api/rent/accounts.pdf?${YEAR}`)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const text = await pdfText(pdf.rawPayload)
    for (const expected of [
      words.accountsTitle,
      words.period('2026-10-01', '2027-09-30'),
      'Water bill',
      penceText(8123),
      words.totalReceipts,
      penceText(7000),
      words.closingBalance,
      penceText(86_877),
      words.uncategorisedWarning(1),
    ])
      expect(text).toContain(expected)
  })

  it('exports the year’s lines as Xero, QuickBooks Online and Sage document their bank imports', async () => {
    const exported = async (format: string) => {
      const answer = await send(
        t,
        committee,
        'GET',
        `/api/rent/bank-lines.csv?${YEAR}&format=${format}`,
      )
      expect(answer.statusCode, answer.body).toBe(200)
      expect(answer.headers['content-disposition']).toContain(
        `bank-lines-${format}-2026-10-01-to-2027-09-30.csv`,
      )
      return withoutBom(answer.body)
    }
    // Xero: *Date and *Amount required; the day first; money spent with a minus sign.
    expect(await exported('xero')).toEqual([
      ['*Date', '*Amount', 'Payee', 'Description', 'Reference'],
      ['02/10/2026', '45.00', 'J SMITH ALLOTMENT', 'J SMITH ALLOTMENT 12', ''],
      ['05/10/2026', '-81.23', 'WESSEX WATER DD', 'WESSEX WATER DD 40171234', ''],
      ['06/10/2026', '25.00', 'DONATION FROM FRIENDS', 'DONATION FROM FRIENDS', ''],
      ['09/11/2026', '-120.00', 'SKIPS R US', 'SKIPS R US 0911', ''],
    ])
    // QuickBooks Online's 3 columns: Date, Description, Amount (payments below nought).
    const quickbooks = await exported('quickbooks')
    expect(quickbooks[0]).toEqual(['Date', 'Description', 'Amount'])
    expect(quickbooks[2]).toEqual(['05/10/2026', 'WESSEX WATER DD 40171234', '-81.23'])
    // Sage Accounting: Date, Reference, Description, Amount (money out below nought).
    const sage = await exported('sage')
    expect(sage[0]).toEqual(['Date', 'Reference', 'Description', 'Amount'])
    expect(sage[4]).toEqual(['09/11/2026', 'SKIPS R US', 'SKIPS R US 0911', '-120.00'])
    // No currency sign, no thousands separator: every amount a plain number.
    for (const rows of [quickbooks, sage])
      for (const row of rows.slice(1)) expect(row.at(-1)).toMatch(/^-?\d+\.\d{2}$/)
  })

  it('shows the deposits held at the year’s end by kind, and not one returned before it', async () => {
    const admin = await t.signInAs(4, 'admin')
    await createPlot(t, admin, 'D1')
    await createPerson(t, admin, 'dee', { firstName: 'Dee' })
    expect((await send(t, admin, 'PUT', '/api/plots/D1/tenants/dee')).statusCode).toBe(200)
    const kind = await send(t, admin, 'POST', '/api/rent/deposit-kinds', {
      name: 'Key',
      amount: 5500,
    })
    expect(kind.statusCode, kind.body).toBe(201)
    const taken = async (date: string) => {
      const body = { kindId: kind.json().id, plotId: 'D1', date, method: 'cash' }
      const answer = await send(t, committee, 'POST', '/api/people/dee/deposits', body)
      expect(answer.statusCode, answer.body).toBe(201)
      return answer.json<{ id: number; version: number }>()
    }
    await taken('2027-01-10')
    const returned = await taken('2027-02-01')
    const back = await send(t, committee, 'POST', `/api/rent/deposits/${returned.id}/entries`, {
      version: returned.version,
      kind: 'returned',
      amount: 5500,
      date: '2027-09-01',
      method: 'cash',
      reason: 'Key given back',
    })
    expect(back.statusCode, back.body).toBe(200)
    const { held, totalHeld } = await accounts()
    expect(held).toEqual([{ label: words.depositsHeld('Key'), amount: 5500 }])
    expect(totalHeld).toBe(5500)
  })

  it('refuses the accounts below the committee, and a period the wrong way round', async () => {
    for (const level of [1, 2]) {
      const cookie = await t.signInAs(level)
      for (const url of [
        `/api/rent/accounts?${YEAR}`,
        `/api/rent/accounts.pdf?${YEAR}`,
        `/api/rent/bank-lines.csv?${YEAR}&format=xero`,
      ])
        expect((await send(t, cookie, 'GET', url)).statusCode).toBe(403)
      expect(
        (
          await send(t, cookie, 'PUT', '/api/rent/accounts/opening', {
            from: '2026-10-01',
            balance: 1,
          })
        ).statusCode,
      ).toBe(403)
    }
    const backwards = await send(
      t,
      committee,
      'GET',
      '/api/rent/accounts?from=2027-10-01&to=2026-10-01',
    )
    expect(backwards.statusCode).toBe(400)
    const unknown = await send(t, committee, 'GET', `/api/rent/bank-lines.csv?${YEAR}&format=excel`)
    expect(unknown.statusCode).toBe(400)
  })
})
