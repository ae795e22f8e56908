import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RENT_CATEGORY, USUAL_BANK_CATEGORIES } from '#shared/domain/bank-lines'
import { yearAccountsMessages as words } from '#shared/messages/year-accounts'
import type { Invoice } from '#shared/schemas/rent'
import type { BankCategory } from '#shared/domain/bank-lines'
import type { BankLine, BankLines, Categorised } from '#shared/schemas/year-accounts'
import { BANK_STATEMENTS, type Payment } from '#tests/helpers/bank-statements'
import {
  createPerson,
  createPlot,
  createSite,
  expectRefused,
  limitAccount,
  send,
} from '#tests/helpers/records'
import {
  confirmLines,
  keepStatementLines,
  startRentYear,
  statementLines,
} from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 47, item 4: every line of a statement kept once, in or out, with its category: Rent for
// a payment recorded from it, a rule's for a payee the treasurer categorised before ("WESSEX
// WATER" is the water bill), or none until the treasurer chooses; the treasurer's categories
// added, renamed and retired; all refused below the committee and to an account limited to sites.

const START = '2026-10-01'
const YEAR = { from: START, to: '2027-09-30' }
const lloyds = BANK_STATEMENTS['Lloyds or Halifax']!

describe.each(engines)('bank lines on %s', (engine) => {
  let t: TestApp
  let admin = ''
  let committee = ''
  let invoice: Invoice

  const lines = async () => {
    const answer = await send(
      t,
      committee,
      'GET',
      `/api/rent/bank-lines?from=${YEAR.from}&to=${YEAR.to}`,
    )
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json<BankLines>()
  }
  const lineOf = async (reference: string) =>
    (await lines()).lines.find((line) => line.reference === reference)!
  const keep = async (payments: Payment[]) => {
    const answer = await keepStatementLines(t, committee, lloyds(payments))
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json<{ kept: number; already: number }>()
  }
  const categorise = (line: BankLine, categoryKey: string, cookie = committee) =>
    send(t, cookie, 'PUT', `/api/rent/bank-lines/${line.lineId}/category`, { categoryKey })

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    admin = await t.signInAs(4, 'admin')
    committee = await t.signInAs(3, 'treasurer')
    await createPlot(t, committee, '12', { fee: 90 })
    await createPerson(t, committee, 'john', { firstName: 'John', lastName: 'Smith' })
    await send(t, committee, 'PUT', '/api/plots/12/tenants/john')
    expect((await startRentYear(t, committee, START)).statusCode).toBe(201)
    const years = (await send(t, committee, 'GET', '/api/rent/years')).json<Array<{ id: number }>>()
    invoice = (await send(t, committee, 'GET', `/api/rent/years/${years[0]!.id}/invoices`)).json<
      Invoice[]
    >()[0]!
  })
  afterAll(() => t.close())

  const first: Payment[] = [
    { date: '2026-10-02', pence: 4500, reference: 'INV-1 RENT', payee: 'J SMITH' },
    { date: '2026-10-05', pence: -8123, reference: 'WESSEX WATER DD 40171234' },
    { date: '2026-10-06', pence: 2500, reference: 'DONATION FROM FRIENDS' },
    { date: '2026-10-09', pence: -12000, reference: 'SKIPS R US 0911' },
  ]

  it('keeps every line once, in and out, with its date, words, amount and balance; Rent for the one paid to an invoice', async () => {
    const statement = lloyds(
      first.map((p) => ({
        ...p,
        reference: p.reference.replace('INV-1', `INV-${invoice.number}`),
      })),
    )
    const checked = await statementLines(t, committee, statement)
    expect((await keepStatementLines(t, committee, statement)).json()).toEqual({
      kept: 4,
      already: 0,
    })
    // Kept again, or in the next statement overlapping it: nothing kept twice.
    expect((await keepStatementLines(t, committee, statement)).json()).toEqual({
      kept: 0,
      already: 4,
    })
    const { lines: kept, counts } = await lines()
    expect(kept).toHaveLength(4)
    expect(counts).toEqual({ lines: 4, uncategorised: 4, byRule: 0, matched: 0 })
    const water = kept.find((line) => line.reference.startsWith('WESSEX'))!
    // Lloyds' running balance from £1,000.00: 1,045.00, then 963.77 after the water bill.
    expect(water).toMatchObject({
      date: '2026-10-05',
      amount: -8123,
      balance: 96377,
      payee: 'wessex water dd',
      categoryKey: null,
      categoryBy: null,
    })
    // The payment recorded from its line afterwards: the line is Rent, by the match.
    const paid = checked.find((line) => line.match)!
    expect(
      (await confirmLines(t, committee, [{ line: paid, invoiceId: invoice.id }])).statusCode,
    ).toBe(200)
    expect((await lines()).lines.find((line) => line.lineId === paid.lineId)).toMatchObject({
      categoryKey: RENT_CATEGORY,
      categoryBy: 'matched',
    })
  })

  it('a line whose payment was recorded before it is kept is Rent as it is kept', async () => {
    const payment = {
      date: '2026-10-20',
      pence: 500,
      reference: `INV-${invoice.number} MORE`,
      payee: 'J SMITH',
    }
    const [line] = await statementLines(t, committee, lloyds([payment]))
    expect(
      (await confirmLines(t, committee, [{ line: line!, invoiceId: invoice.id }])).statusCode,
    ).toBe(200)
    await keep([payment])
    expect(await lineOf(`J SMITH INV-${invoice.number} MORE`)).toMatchObject({
      categoryKey: RENT_CATEGORY,
      categoryBy: 'matched',
    })
  })

  it('learns from the treasurer: WESSEX WATER is the water bill, and a later line of theirs is categorised by the rule', async () => {
    const water = await lineOf('WESSEX WATER DD 40171234')
    const chosen = await categorise(water, 'water-bill')
    expect(chosen.statusCode, chosen.body).toBe(200)
    expect(chosen.json<Categorised>().line).toMatchObject({
      categoryKey: 'water-bill',
      categoryBy: 'treasurer',
    })
    // The next statement: the water bill again, with another reference.
    await keep([{ date: '2026-11-05', pence: -8123, reference: 'WESSEX WATER DD 40175678' }])
    const later = await lineOf('WESSEX WATER DD 40175678')
    expect(later).toMatchObject({ categoryKey: 'water-bill', categoryBy: 'rule' })
    expect((await lines()).counts.byRule).toBe(1)
    // The treasurer changes the rule's choice: the rule follows, and so does the other rule line.
    const other = await keep([
      { date: '2026-12-05', pence: -8200, reference: 'WESSEX WATER DD 40179999' },
    ])
    expect(other.kept).toBe(1)
    const changed = await categorise(later, 'other-spending')
    expect(changed.json<Categorised>().others).toBe(1)
    expect(await lineOf('WESSEX WATER DD 40179999')).toMatchObject({
      categoryKey: 'other-spending',
      categoryBy: 'rule',
    })
    // The line the treasurer chose stays as chosen.
    expect(await lineOf('WESSEX WATER DD 40171234')).toMatchObject({
      categoryKey: 'water-bill',
      categoryBy: 'treasurer',
    })
    const rules = await t.db.kysely.selectFrom('bank_rules').selectAll().execute()
    expect(rules.map((rule) => [rule.payee, rule.categoryKey])).toEqual([
      ['wessex water dd', 'other-spending'],
    ])
  })

  it('lists the usual categories, and lets the treasurer add, rename and retire them; a retired one is not offered', async () => {
    const listed = (await send(t, committee, 'GET', '/api/rent/bank-categories')).json<
      BankCategory[]
    >()
    expect(listed.map((c) => [c.name, c.kind])).toEqual(
      USUAL_BANK_CATEGORIES.map((c) => [c.name, c.kind]),
    )
    const added = await send(t, committee, 'POST', '/api/rent/bank-categories', {
      name: 'Seed sales',
      kind: 'income',
    })
    expect(added.statusCode, added.body).toBe(201)
    const seeds = added.json<BankCategory[]>().find((c) => c.name === 'Seed sales')!
    expect(seeds).toMatchObject({ kind: 'income', retired: false })
    const taken = await send(t, committee, 'POST', '/api/rent/bank-categories', {
      name: 'seed sales',
      kind: 'spending',
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().detail).toBe(words.categoryNameTaken('seed sales'))
    const renamed = await send(t, committee, 'PUT', '/api/rent/bank-categories/skip-hire', {
      name: 'Skips',
      retired: false,
    })
    expect(renamed.json<BankCategory[]>().find((c) => c.key === 'skip-hire')!.name).toBe('Skips')
    const skip = await lineOf('SKIPS R US 0911')
    expect((await categorise(skip, 'skip-hire')).statusCode).toBe(200)
    const retired = await send(t, committee, 'PUT', `/api/rent/bank-categories/${seeds.key}`, {
      name: 'Seed sales',
      retired: true,
    })
    expect(retired.json<BankCategory[]>().find((c) => c.key === seeds.key)!.retired).toBe(true)
    const donation = await lineOf('DONATION FROM FRIENDS')
    const refused = await categorise(donation, seeds.key)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().detail).toBe(words.categoryRetired)
    const rent = await send(t, committee, 'PUT', '/api/rent/bank-categories/rent', {
      name: 'Rent',
      retired: true,
    })
    expect(rent.statusCode).toBe(400)
    expect(rent.json().detail).toBe(words.rentNotRetired)
    const unknown = await categorise(donation, 'no-such')
    expect(unknown.json().detail).toBe(words.categoryMissing)
  })

  it('refuses the bank lines below the committee and to an account limited to some sites', async () => {
    const donation = await lineOf('DONATION FROM FRIENDS')
    const plotholder = await t.signInAs(1, 'holder')
    const land = await t.signInAs(2, 'landlady')
    for (const cookie of [plotholder, land]) {
      expect(
        (await send(t, cookie, 'GET', `/api/rent/bank-lines?from=${YEAR.from}&to=${YEAR.to}`))
          .statusCode,
      ).toBe(403)
      expect((await categorise(donation, 'donations', cookie)).statusCode).toBe(403)
      expect((await keepStatementLines(t, cookie, lloyds(first))).statusCode).toBe(403)
    }
    const site = await createSite(t, admin, 'Northfield')
    const rep = await t.signInAs(3, 'rep')
    await limitAccount(t, admin, 'rep', [site.id])
    await expectRefused(
      t,
      rep,
      { userName: 'rep', eventCollection: 'bankLines' },
      'PUT',
      `/api/rent/bank-lines/${donation.lineId}/category`,
      { categoryKey: 'donations' },
      403,
      (await send(t, rep, 'GET', '/api/rent/bank-categories')).json().detail,
    )
    expect((await categorise(donation, 'donations')).statusCode).toBe(200)
  })
})
