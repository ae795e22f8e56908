import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractText, getDocumentProxy } from 'unpdf'
import { commonMessages } from '#shared/messages/common'
import { instalmentMessages } from '#shared/messages/instalments'
import { rentMessages } from '#shared/messages/rent'
import type { Invoice, InvoiceDetail, MyRent } from '#shared/schemas/rent'
import {
  createPerson,
  createPlot,
  expectRefused,
  lastLogId,
  linkAccount,
  logsAfter,
  send,
} from '#tests/helpers/records'
import { startRentYear } from '#tests/helpers/rent'
import { startSmtpServer } from '#tests/helpers/smtp'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 47, item 3 (decision 60): an invoice split into instalments. Payments stay against the
// invoice; the instalments are settled in due-date order; the reminders follow each instalment.

const START = '2026-10-01'

describe.each(engines)('instalments on %s', (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let committee = ''
  let land = ''
  let member = ''
  let yearId = 0
  let a1 = 0

  const invoices = async () =>
    (await send(t, committee, 'GET', `/api/rent/years/${yearId}/invoices`)).json() as Invoice[]
  const detail = async (id: number) =>
    (await send(t, committee, 'GET', `/api/rent/invoices/${id}`)).json() as InvoiceDetail
  const split = (id: number, body: object) =>
    send(t, committee, 'POST', `/api/rent/invoices/${id}/instalments`, body)
  const pay = (id: number, amount: number) =>
    send(t, committee, 'POST', `/api/rent/invoices/${id}/payments`, {
      amount,
      method: 'transfer',
      date: t.app.clock.today(),
      reference: 'bank',
      requestId: randomUUID(),
    })
  const remindersTo = (email: string) =>
    smtp.received.filter((m) => m.to.includes(email) && /reminder/i.test(m.subject))
  // The jobs due now, run to their end (those the runner took in the background too).
  const runDue = async () => {
    await t.app.jobs.runDue()
    await expect
      .poll(
        async () =>
          (
            await t.db.kysely
              .selectFrom('jobs')
              .select('id')
              .where('finishedAt', 'is', null)
              .where('lockedBy', 'is not', null)
              .execute()
          ).length,
        { timeout: 15_000 },
      )
      .toBe(0)
  }
  const arrears = async () =>
    ((await send(t, committee, 'GET', '/api/rent/arrears')).json() as Invoice[]).map(
      (invoice) => invoice.plotId,
    )

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp(engine, { env: { SMTP_URL: smtp.url, TODAY: START } })
    committee = await t.signInAs(3)
    land = await t.signInAs(2)
    const admin = await t.signInAs(4)
    await createPlot(t, committee, 'A1', { fee: 65 })
    await createPlot(t, committee, 'A2', { fee: 30 })
    await createPerson(t, committee, 'ann', { firstName: 'Ann', email: 'ann@example.org' })
    await createPerson(t, committee, 'bob', { firstName: 'Bob', email: 'bob@example.org' })
    for (const [plot, person] of [
      ['A1', 'ann'],
      ['A2', 'bob'],
    ])
      expect(
        (await send(t, committee, 'PUT', `/api/plots/${plot}/tenants/${person}`)).statusCode,
      ).toBe(200)
    member = await t.signInAs(1, 'ann-member')
    await linkAccount(t, admin, 'ann-member', 'ann')
    const started = await startRentYear(t, committee, START)
    expect(started.statusCode, started.body).toBe(201)
    yearId = started.json().yearId
    a1 = (await invoices()).find((invoice) => invoice.plotId === 'A1')!.id
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  it('splits what is owed into £20 instalments monthly, logged, the ledger untouched', async () => {
    expect((await pay(a1, 500)).statusCode).toBe(201)
    const entries = (await detail(a1)).entries
    const mark = await lastLogId(t)
    const made = await split(a1, { version: 0, firstDueDate: '2026-11-01', amount: 2000 })
    expect(made.statusCode, made.body).toBe(200)
    const invoice = made.json() as InvoiceDetail
    // £65 invoiced, £5 paid: £60 owed, in three instalments of £20.
    expect(invoice.split).toMatchObject({
      version: 1,
      coveredBefore: 500,
      madeBy: 'level3',
      instalments: [
        { dueDate: '2026-11-01', amount: 2000 },
        { dueDate: '2026-12-01', amount: 2000 },
        { dueDate: '2027-01-01', amount: 2000 },
      ],
    })
    expect(invoice.entries).toEqual(entries)
    expect(invoice.outstanding).toBe(6000)
    const logs = await logsAfter(t, mark)
    expect(logs.map((log) => [log.methodName, log.eventCollection, log.docId])).toEqual([
      ['splitInstalments', 'invoices', String(a1)],
    ])
  })

  it('refuses a split it cannot make, saying why, and changes nothing', async () => {
    const log = { userName: 'level3', eventCollection: 'invoices' }
    const url = `/api/rent/invoices/${a1}/instalments`
    await expectRefused(
      t,
      committee,
      log,
      'POST',
      url,
      { version: 0, firstDueDate: '2026-11-01', count: 3 },
      409,
      commonMessages.staleVersion,
      'splitInstalments',
    )
    await expectRefused(
      t,
      committee,
      log,
      'POST',
      url,
      { version: 1, firstDueDate: '2026-11-01', count: 30 },
      400,
      instalmentMessages.countRange(24),
      'splitInstalments',
    )
    await expectRefused(
      t,
      committee,
      log,
      'POST',
      url,
      { version: 1, firstDueDate: '2026-09-01', count: 3 },
      400,
      instalmentMessages.firstDueBeforeIssue(START),
      'splitInstalments',
    )
    const both = await split(a1, { version: 1, firstDueDate: '2026-11-01', count: 3, amount: 2000 })
    expect(both.statusCode).toBe(400)
    expect(both.body).toContain(instalmentMessages.countOrAmount)
    // The land manager keeps the plots, not the money.
    const refused = await send(t, land, 'POST', url, {
      version: 1,
      firstDueDate: '2026-11-01',
      count: 3,
    })
    expect(refused.statusCode).toBe(403)
    expect((await detail(a1)).split?.version).toBe(1)
  })

  it('reminds from the earliest unpaid instalment, naming what of it is overdue', async () => {
    // Bob's invoice, not split, is due on 31 October and reminded on 14 November; Ann's first
    // instalment is due on 1 November, reminded on the 15th.
    t.moveClockTo('2026-11-14')
    await runDue()
    await expect.poll(() => remindersTo('bob@example.org').length, { timeout: 15_000 }).toBe(1)
    expect((await detail(a1)).steps).toEqual([])
    expect(await arrears()).toEqual(['A2', 'A1'])
    t.moveClockTo('2026-11-15')
    await runDue()
    await runDue()
    await expect.poll(() => remindersTo('ann@example.org').length, { timeout: 15_000 }).toBe(1)
    const [reminder] = remindersTo('ann@example.org')
    expect(reminder!.subject).toBe(
      rentMessages.rentReminderSubject('first', (await detail(a1)).number),
    )
    expect(reminder!.text).toContain('our records show £20.00 of it overdue')
    expect(reminder!.text).toContain('the instalment due on 1 November 2026 is unpaid')
    expect((await detail(a1)).steps).toEqual([
      { step: 'first', date: '2026-11-15', from: '2026-11-01' },
    ])
  })

  it('sends no reminder once the instalments due are paid, and the next instalment’s in its turn', async () => {
    expect((await pay(a1, 2000)).statusCode).toBe(201)
    expect(await arrears()).toEqual(['A2'])
    // The first instalment's second reminder would have been on 29 November: it is paid.
    t.moveClockTo('2026-11-29')
    await runDue()
    expect((await detail(a1)).steps).toHaveLength(1)
    // The second instalment, due 1 December, paid in part: reminded on the 15th for the rest.
    expect((await pay(a1, 1500)).statusCode).toBe(201)
    t.moveClockTo('2026-12-15')
    await runDue()
    await expect.poll(() => remindersTo('ann@example.org').length, { timeout: 15_000 }).toBe(2)
    expect(remindersTo('ann@example.org')[1]!.text).toContain('£5.00 of it overdue')
    expect((await detail(a1)).steps.map((s) => [s.step, s.from])).toEqual([
      ['first', '2026-11-01'],
      ['first', '2026-12-01'],
    ])
    // Run again on the same day (another instance, a restart): nothing is sent twice.
    await runDue()
    expect((await detail(a1)).steps).toHaveLength(2)
  })

  it('replaces a split with a new version, settled by what was paid since', async () => {
    const before = await detail(a1)
    const mark = await lastLogId(t)
    const made = await split(a1, { version: 1, firstDueDate: '2027-01-10', count: 2 })
    expect(made.statusCode, made.body).toBe(200)
    const invoice = made.json() as InvoiceDetail
    expect(invoice.outstanding).toBe(2500)
    expect(invoice.entries).toEqual(before.entries)
    expect(invoice.split).toMatchObject({
      version: 2,
      coveredBefore: 4000,
      instalments: [
        { dueDate: '2027-01-10', amount: 1250 },
        { dueDate: '2027-02-10', amount: 1250 },
      ],
    })
    expect(await logsAfter(t, mark)).toHaveLength(1)
    // No longer overdue: the first instalment of the new split falls due in January.
    expect(await arrears()).toEqual(['A2'])
    // One deadline job waits, for the old second reminder's day; that day it finds nothing due
    // and waits for the new first instalment's reminder.
    const waiting = () =>
      t.db.kysely
        .selectFrom('jobs')
        .select('runAt')
        .where('kind', '=', 'rent-deadline')
        .where('payload', '=', JSON.stringify({ invoiceId: a1 }))
        .where('finishedAt', 'is', null)
        .execute()
    expect((await waiting()).map((job) => job.runAt.slice(0, 10))).toEqual(['2026-12-29'])
    t.moveClockTo('2026-12-29')
    await runDue()
    expect((await waiting()).map((job) => job.runAt.slice(0, 10))).toEqual(['2027-01-24'])
    expect(remindersTo('ann@example.org')).toHaveLength(2)
  })

  it('shows the instalments to the member and on the invoice PDF', async () => {
    const mine = (await send(t, member, 'GET', '/api/me/rent')).json() as MyRent
    expect(mine.invoices.map((invoice) => invoice.split?.instalments.length)).toEqual([2])
    const pdf = await send(t, committee, 'GET', `/api/rent/invoices/${a1}/pdf`)
    expect(pdf.statusCode).toBe(200)
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    })
    expect(text).toContain('Instalments')
    expect(text).toContain('Due by 10 January 2027')
    expect(text).toContain('Due by 10 February 2027')
  })

  it('takes an overpayment in full: every instalment paid, the rest credit, no reminder', async () => {
    expect((await pay(a1, 3000)).statusCode).toBe(201)
    const invoice = await detail(a1)
    expect(invoice.outstanding).toBe(-500)
    t.moveClockTo('2027-03-01')
    await runDue()
    expect(remindersTo('ann@example.org')).toHaveLength(2)
    expect(await arrears()).toEqual(['A2'])
    const refused = await split(a1, { version: 2, firstDueDate: '2027-03-10', count: 2 })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().detail).toBe(instalmentMessages.nothingOwed)
  })
})
