import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { extractText, getDocumentProxy } from 'unpdf'
import { commonMessages } from '#shared/messages/common'
import { rentMessages } from '#shared/messages/rent'
import { statementMessages } from '#shared/messages/statement'
import { MAX_PENCE, penceText } from '#shared/domain/money'
import type {
  Invoice,
  InvoiceDetail,
  RentYear,
  YearPreview,
  YearSummary,
} from '#shared/schemas/rent'
import {
  createPerson,
  createPlot,
  expectRefused,
  lastLogId,
  logsAfter,
  send,
} from '#tests/helpers/records'
import { parseCsv } from '#tests/helpers/csv'
import {
  checkStatement,
  previewSending,
  saveRentSettings,
  startRentYear,
  statementLines,
} from '#tests/helpers/rent'
import { startSmtpServer } from '#tests/helpers/smtp'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// The rent year through the real app on a real database, e-mails through a real SMTP server.

const START = '2026-10-01'
const DAY = 86_400_000

describe.each(engines)('the rent year on %s', (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let committee = ''
  let admin = ''
  let yearId = 0

  const invoices = async () =>
    (await send(t, committee, 'GET', `/api/rent/years/${yearId}/invoices`)).json() as Invoice[]
  const invoiceOf = async (plotId: string) => (await invoices()).find((i) => i.plotId === plotId)!
  const pay = (invoiceId: number, amount: number, requestId: string = randomUUID()) =>
    send(t, committee, 'POST', `/api/rent/invoices/${invoiceId}/payments`, {
      amount,
      method: 'cash',
      date: '2026-10-05',
      reference: 'at the gate',
      requestId,
    })
  const linesOf = (csv: string | Uint8Array) => statementLines(t, committee, csv)
  const plotPaid = async (id: string) =>
    ((await send(t, committee, 'GET', `/api/plots/${id}`)).json() as { paid: boolean }).paid

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp(engine, { env: { SMTP_URL: smtp.url, TODAY: START } })
    committee = await t.signInAs(3)
    admin = await t.signInAs(4)
    await createPlot(t, committee, 'A1', { fee: 45, area: 120 })
    await createPlot(t, committee, 'A2', { fee: 30, area: 80 })
    await createPlot(t, committee, 'A3', { fee: 50 })
    await createPlot(t, committee, 'V1', { fee: 40 })
    await createPerson(t, committee, 'ann', {
      firstName: 'Ann',
      email: 'ann@example.org',
      dateJoined: '2010-01-01',
    })
    await createPerson(t, committee, 'bob', {
      firstName: 'Bob',
      email: 'bob@example.org',
      concession: true,
    })
    await createPerson(t, committee, 'cyd', {
      firstName: 'Cyd',
      email: '',
      address: '3 Lane\nRiverside',
    })
    for (const [plot, person] of [
      ['A1', 'ann'],
      ['A1', 'bob'],
      ['A2', 'bob'],
      ['A3', 'cyd'],
    ])
      expect(
        (await send(t, committee, 'PUT', `/api/plots/${plot}/tenants/${person}`)).statusCode,
      ).toBe(200)
    await saveRentSettings(t, admin, {
      concessionPercent: 50,
      extras: [{ name: 'Water', amount: 500 }],
      paymentInstructions: 'Sort code 00-00-00, account 12345678.',
    })
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  it('previews one invoice per occupied plot, to its longest-standing tenant, with concession and extras', async () => {
    const response = await send(t, committee, 'POST', '/api/rent/years/preview', {
      startDate: START,
    })
    expect(response.statusCode, response.body).toBe(200)
    const preview = response.json()
    expect(preview.label).toBe('2026/27')
    expect(
      preview.invoices.map((i: { plotId: string; payerId: string; amount: number }) => [
        i.plotId,
        i.payerId,
        i.amount,
      ]),
    ).toEqual([
      ['A1', 'ann', 5000],
      ['A2', 'bob', 2000],
      ['A3', 'cyd', 5500],
    ])
    expect(preview.total).toBe(12_500)
    expect(await t.db.kysely.selectFrom('invoices').selectAll().execute()).toEqual([])
  })

  it('refuses a start more than a year either side of today, alike on preview and start, storing nothing', async () => {
    // TODAY is 2026-10-01: a year may start from 2025-10-01 to 2027-10-01.
    const outOfRange = rentMessages.yearStartOutOfRange('2025-10-01', '2027-10-01')
    const log = { userName: 'level3', eventCollection: 'rent_years' }
    const confirmed = { invoices: 3, emails: 2, letters: 1 }
    for (const startDate of ['9999-12-31', '2027-10-02', '2025-09-30', '1970-01-01']) {
      for (const [url, body] of [
        ['/api/rent/years/preview', { startDate }],
        ['/api/rent/years', { startDate, confirmed }],
      ] as const)
        await expectRefused(t, committee, log, 'POST', url, body, 422, outOfRange)
    }
    for (const startDate of ['2025-10-01', '2027-10-01']) {
      const preview = await send(t, committee, 'POST', '/api/rent/years/preview', { startDate })
      expect(preview.statusCode, preview.body).toBe(200)
    }
  })

  it('refuses a yearly start day that not every year has', async () => {
    const settings = (await send(t, admin, 'GET', '/api/rent/settings')).json()
    for (const yearStart of ['02-30', '02-29', '04-31'])
      await expectRefused(
        t,
        admin,
        { userName: 'level4', eventCollection: 'settings' },
        'PUT',
        '/api/rent/settings',
        { ...settings, yearStart },
        400,
        commonMessages.invalidDate,
      )
  })

  it('says in the preview when the invoices are due, what goes out now, and when the first reminder may follow', async () => {
    const previewOf = async (startDate: string) => {
      const preview = await send(t, committee, 'POST', '/api/rent/years/preview', { startDate })
      expect(preview.statusCode, preview.body).toBe(200)
      const { issuedOn, dueDate, firstReminder, sending } = preview.json() as YearPreview
      return { issuedOn, dueDate, firstReminder, sending }
    }
    // Today is 2026-10-01; 30 days to pay, the first reminder 14 days after the due date. A start
    // already past counts the days to pay from today (issue 28: it used to make every reminder
    // due at once, and the preview warned of it; now none can be).
    const sending = { invoices: 3, emails: 2, letters: 1 }
    for (const [startDate, dueDate, firstReminder] of [
      [START, '2026-10-31', '2026-11-14'],
      ['2026-08-01', '2026-10-31', '2026-11-14'],
      ['2025-10-01', '2026-10-31', '2026-11-14'],
      ['2027-10-01', '2027-10-31', '2027-11-14'],
    ])
      expect(await previewOf(startDate!), startDate).toEqual({
        issuedOn: START,
        dueDate,
        firstReminder,
        sending,
      })
  })

  it('starts a year only with what its preview said it would send confirmed, storing nothing otherwise', async () => {
    const log = { userName: 'level3', eventCollection: 'rent_years' }
    const url = '/api/rent/years'
    await expectRefused(
      t,
      committee,
      log,
      'POST',
      url,
      { startDate: START },
      400,
      rentMessages.startNeedsConfirmation,
    )
    const sending = await previewSending(t, committee, START)
    expect(sending).toEqual({ invoices: 3, emails: 2, letters: 1 })
    for (const confirmed of [
      { ...sending, emails: 3 },
      { ...sending, letters: 0 },
      { ...sending, invoices: 4 },
    ])
      await expectRefused(
        t,
        committee,
        log,
        'POST',
        url,
        { startDate: START, confirmed },
        409,
        rentMessages.sendingChanged,
      )
    // A tenant let a plot between the preview and the start: a letter more than was confirmed.
    await createPerson(t, committee, 'dot', { firstName: 'Dot', email: '', contactBy: 'post' })
    const tenancy = '/api/plots/V1/tenants/dot'
    expect((await send(t, committee, 'PUT', tenancy)).statusCode).toBe(200)
    await expectRefused(
      t,
      committee,
      log,
      'POST',
      url,
      { startDate: START, confirmed: sending },
      409,
      rentMessages.sendingChanged,
    )
    expect((await send(t, committee, 'DELETE', tenancy)).statusCode).toBe(200)
  })

  it('starts the year once: numbered invoices, an e-mail with the PDF, a letter, every plot unpaid', async () => {
    const mark = await lastLogId(t)
    const started = await startRentYear(t, committee, START)
    expect(started.statusCode, started.body).toBe(201)
    yearId = started.json().yearId
    expect(started.json().created).toBe(3)
    const again = await startRentYear(t, committee, START)
    expect(again.statusCode).toBe(200)
    expect(again.json().created).toBe(0)
    const all = await invoices()
    expect(all.map((i) => i.number)).toEqual([1, 2, 3])
    expect(all.every((i) => i.outstanding === i.amount)).toBe(true)
    const logs = await logsAfter(t, mark)
    expect(logs.filter((l) => l.methodName === 'createInvoice')).toHaveLength(3)
    expect(logs.filter((l) => l.methodName === 'startRentYear')).toHaveLength(1)
    for (const plot of ['A1', 'A2', 'A3']) expect(await plotPaid(plot)).toBe(false)

    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes('ann@example.org')).length, {
        timeout: 15_000,
      })
      .toBe(1)
    const mail = smtp.received.find((m) => m.to.includes('ann@example.org'))!
    expect(mail.subject).toBe(rentMessages.rentInvoiceSubject(1, 'A1', '2026/27'))
    expect(mail.text).toContain(penceText(5000))
    expect(mail.attachments).toHaveLength(1)
    expect(mail.attachments[0]!.contentType).toBe('application/pdf')
    const pdf = await extractText(
      await getDocumentProxy(new Uint8Array(mail.attachments[0]!.content)),
      { mergePages: true },
    )
    expect(pdf.text).toContain('Invoice 1')
    expect(pdf.text).toContain('Water')
    expect(pdf.text).toContain('Sort code 00-00-00')
    // Cyd has no e-mail address: a letter, printed from the year's PDF of invoices to post.
    const post = await send(t, committee, 'GET', `/api/rent/years/${yearId}/invoices.pdf?post=1`)
    expect(post.statusCode).toBe(200)
    const letters = await extractText(await getDocumentProxy(new Uint8Array(post.rawPayload)), {
      mergePages: true,
    })
    expect(letters.text).toContain('Cyd')
    expect(letters.text).not.toContain('Ann')
  })

  it('records a part payment and the rest, and the plot turns paid; a payment sent twice counts once', async () => {
    const invoice = await invoiceOf('A1')
    const requestId = randomUUID()
    const first = await pay(invoice.id, 2000, requestId)
    expect(first.statusCode, first.body).toBe(201)
    const repeated = await pay(invoice.id, 2000, requestId)
    expect(repeated.statusCode).toBe(201)
    expect(repeated.json().id).toBe(first.json().id)
    expect((await invoiceOf('A1')).outstanding).toBe(3000)
    expect(await plotPaid('A1')).toBe(false)
    // A letter's {amountDue} is the ledger's balance: what Ann, the payer, still owes; Bob, her
    // co-tenant, owes only his own plot's invoice.
    const dueIn = async (personId: string) =>
      (
        await send(t, committee, 'POST', '/api/messages/plan', {
          audience: { kind: 'people', ids: [personId] },
          subject: 'Rent',
          body: 'You owe {amountDue}.',
        })
      ).json().sample.copies[0].body
    expect(await dueIn('ann')).toBe('You owe £30.00.')
    expect(await dueIn('bob')).toBe(`You owe ${penceText((await invoiceOf('A2')).outstanding)}.`)
    const rest = randomUUID()
    const [one, other] = await Promise.all([
      pay(invoice.id, 3000, rest),
      pay(invoice.id, 3000, rest),
    ])
    expect([one.statusCode, other.statusCode]).toEqual([201, 201])
    expect((await invoiceOf('A1')).outstanding).toBe(0)
    expect(await plotPaid('A1')).toBe(true)
    const detail = (
      await send(t, committee, 'GET', `/api/rent/invoices/${invoice.id}`)
    ).json() as InvoiceDetail
    expect(detail.entries.map((e) => e.amount)).toEqual([2000, 3000])
  })

  it('refuses bad amounts and payments on an invoice that owes nothing, changing nothing', async () => {
    const invoice = await invoiceOf('A2')
    const log = { userName: 'level3', eventCollection: 'invoices' }
    const url = `/api/rent/invoices/${invoice.id}/payments`
    const body = (amount: unknown) => ({
      amount,
      method: 'cash',
      date: '2026-10-05',
      reference: '',
      requestId: randomUUID(),
    })
    for (const amount of [-100, 0, 12.5, 1e12, 'ten'])
      await expectRefused(
        t,
        committee,
        log,
        'POST',
        url,
        body(amount),
        400,
        rentMessages.amountWholePence,
      )
    const settled = await invoiceOf('A1')
    await expectRefused(
      t,
      committee,
      log,
      'POST',
      `/api/rent/invoices/${settled.id}/payments`,
      body(100),
      422,
      rentMessages.invoiceSettled,
      'recordPayment',
    )
    await expectRefused(
      t,
      committee,
      log,
      'POST',
      '/api/rent/invoices/999/payments',
      body(100),
      404,
      rentMessages.invoiceMissing(999),
      'recordPayment',
    )
  })

  it('puts mistakes right with new entries: a refund, a write-off, a cancellation; a cancelled invoice takes no payment', async () => {
    const a1 = await invoiceOf('A1')
    const correction = (id: number, kind: string, amount?: number) =>
      send(t, committee, 'POST', `/api/rent/invoices/${id}/corrections`, {
        kind,
        ...(amount ? { amount } : {}),
        date: '2026-10-06',
        reference: 'paid twice by mistake',
        requestId: randomUUID(),
      })
    expect((await correction(a1.id, 'refund', 1000)).statusCode).toBe(201)
    expect((await invoiceOf('A1')).outstanding).toBe(1000)
    expect(await plotPaid('A1')).toBe(false)
    expect((await correction(a1.id, 'writeoff')).statusCode).toBe(201)
    expect((await invoiceOf('A1')).outstanding).toBe(0)
    expect(await plotPaid('A1')).toBe(true)
    const a3 = await invoiceOf('A3')
    expect((await correction(a3.id, 'cancel')).statusCode).toBe(201)
    expect((await invoiceOf('A3')).cancelled).toBe(true)
    const refused = await pay(a3.id, 100)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().detail).toBe(rentMessages.invoiceCancelled)
    const summary = (
      await send(t, committee, 'GET', `/api/rent/years/${yearId}/summary`)
    ).json() as YearSummary
    expect(summary).toMatchObject({
      invoiced: 12_500,
      received: 5000,
      refunded: 1000,
      writtenOff: 1000,
      cancelled: 5500,
      outstanding: 2000,
    })
    expect(
      summary.invoiced -
        summary.received +
        summary.refunded -
        summary.writtenOff -
        summary.cancelled,
    ).toBe(summary.outstanding)
  })

  it('makes the next version of a plot whose paid flag the ledger turns, so an edit read before is stale', async () => {
    const a1 = await invoiceOf('A1')
    const plotOf = async () =>
      (await send(t, committee, 'GET', '/api/plots/A1')).json() as {
        paid: boolean
        version: number
      }
    const before = await plotOf()
    expect(before.paid).toBe(true)
    const refund = await send(t, committee, 'POST', `/api/rent/invoices/${a1.id}/corrections`, {
      kind: 'refund',
      amount: 1,
      date: '2026-10-06',
      reference: 'a penny back',
      requestId: randomUUID(),
    })
    expect(refund.statusCode, refund.body).toBe(201)
    const owing = await plotOf()
    expect([owing.paid, owing.version]).toEqual([false, before.version + 1])
    const stale = await send(t, committee, 'PUT', '/api/plots/A1', {
      ...before,
      description: 'edited from an old read',
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().detail).toBe(commonMessages.staleVersion)
    expect((await pay(a1.id, 1)).statusCode).toBe(201)
    const paid = await plotOf()
    expect([paid.paid, paid.version]).toEqual([true, before.version + 2])
  })

  it('matches a bank statement to invoices by reference and records the confirmed lines', async () => {
    const a2 = await invoiceOf('A2')
    const csv = [
      'Date,Description,Amount,Balance,Unknown column',
      `06/10/2026,BOB INV-${a2.number} RENT,12.00,100.00,x`,
      '06/10/2026,CARD PAYMENT SHOP,-4.00,96.00,x',
      '07/10/2026,SOMEONE,5.00,101.00,x',
    ].join('\r\n')
    const lines = await linesOf(csv)
    expect(lines.map((l) => l.match?.number ?? null)).toEqual([a2.number, null, null])
    expect(lines[1]!.problem).toBe(rentMessages.statementNotPayment)
    expect(lines[2]!.problem).toBe(rentMessages.statementNoInvoice)
    const confirm = await send(t, committee, 'POST', '/api/rent/statement/confirm', {
      matches: [
        {
          invoiceId: a2.id,
          amount: 1200,
          date: '2026-10-06',
          reference: lines[0]!.reference,
          line: 2,
          requestId: randomUUID(),
        },
      ],
    })
    expect(confirm.json()).toEqual({ recorded: 1 })
    expect((await invoiceOf('A2')).outstanding).toBe(800)
    const csvOut = await send(
      t,
      committee,
      'GET',
      '/api/rent/payments.csv?from=2026-10-06&to=2026-10-31',
    )
    expect(csvOut.body).toContain(`INV-${a2.number}`)
    expect(csvOut.body).toContain('-10.00')
  })

  it('refuses a bank statement without the columns it needs, or without lines, changing nothing', async () => {
    const before = await t.db.kysely.selectFrom('ledger').selectAll().execute()
    for (const [csv, detail] of [
      ['Colour\r\nred', statementMessages.notAStatement],
      ['Date,Reference,Amount\r\n', rentMessages.statementEmpty],
      ['', rentMessages.statementEmpty],
    ]) {
      const refused = await checkStatement(t, committee, csv!)
      expect(refused.statusCode, refused.body).toBe(400)
      expect(refused.json().detail).toBe(detail)
    }
    expect(await t.db.kysely.selectFrom('ledger').selectAll().execute()).toEqual(before)
  })

  it('reports a line whose date is not on the calendar, and reads the real ones', async () => {
    const a2 = await invoiceOf('A2')
    const csv = [
      'Date,Reference,Amount',
      ...['31/02/2026', '2026-02-31', '2026-13-01', '00/10/2026', '29/02/2028', '2026-10-06'].map(
        (date) => `${date},INV-${a2.number},1.00`,
      ),
    ].join('\r\n')
    const lines = await linesOf(csv)
    expect(lines.map((l) => [l.date, l.problem])).toEqual([
      ['', rentMessages.statementNoSuchDate('31/02/2026')],
      ['', rentMessages.statementNoSuchDate('2026-02-31')],
      ['', rentMessages.statementNoSuchDate('2026-13-01')],
      ['', rentMessages.statementNoSuchDate('00/10/2026')],
      ['2028-02-29', null],
      ['2026-10-06', null],
    ])
  })

  it('reads a statement as any uploaded text is read: Windows-1252, as Excel saves CSV, pound signs and all', async () => {
    const a2 = await invoiceOf('A2')
    const csv = `Date,Reference,Amount\r\n06/10/2026,INV-${a2.number} caf\u00e9,\u00a31.00`
    const [line] = await linesOf(Buffer.from(csv, 'latin1'))
    expect([line!.amount, line!.reference, line!.problem]).toEqual([
      100,
      `INV-${a2.number} caf\u00e9`,
      null,
    ])
  })

  it('refuses a statement line whose request id made another kind of entry, as a payment would, recording none', async () => {
    const a1 = await invoiceOf('A1')
    const a2 = await invoiceOf('A2')
    const writeOff = await t.db.kysely
      .selectFrom('ledger')
      .select('requestId')
      .where('invoiceId', '=', a1.id)
      .where('kind', '=', 'writeoff')
      .executeTakeFirstOrThrow()
    const paid = await pay(a1.id, 100, writeOff.requestId)
    expect(paid.statusCode, paid.body).toBe(409)
    expect(paid.json().detail).toBe(rentMessages.requestReused)
    const before = await t.db.kysely.selectFrom('ledger').selectAll().orderBy('id').execute()
    const confirm = await send(t, committee, 'POST', '/api/rent/statement/confirm', {
      matches: [
        {
          invoiceId: a2.id,
          amount: 100,
          date: '2026-10-07',
          reference: `INV-${a2.number}`,
          line: 2,
          requestId: randomUUID(),
        },
        {
          invoiceId: a1.id,
          amount: 100,
          date: '2026-10-07',
          reference: `INV-${a1.number}`,
          line: 3,
          requestId: writeOff.requestId,
        },
      ],
    })
    expect(confirm.statusCode, confirm.body).toBe(409)
    expect(confirm.json().detail).toBe(rentMessages.requestReused)
    expect(await t.db.kysely.selectFrom('ledger').selectAll().orderBy('id').execute()).toEqual(
      before,
    )
  })

  it('writes refunds in payments.csv as negative numbers, escaping only text', async () => {
    const a2 = await invoiceOf('A2')
    expect((await pay(a2.id, 1, randomUUID())).statusCode).toBe(201)
    const paidBack = await send(t, committee, 'POST', `/api/rent/invoices/${a2.id}/corrections`, {
      kind: 'refund',
      amount: 1,
      date: '2026-10-05',
      reference: '=cmd',
      requestId: randomUUID(),
    })
    expect(paidBack.statusCode, paidBack.body).toBe(201)
    await send(t, committee, 'POST', `/api/rent/invoices/${a2.id}/payments`, {
      amount: 1,
      method: 'cash',
      date: '2026-10-05',
      reference: '-1+2',
      requestId: randomUUID(),
    })
    await send(t, committee, 'POST', `/api/rent/invoices/${a2.id}/corrections`, {
      kind: 'refund',
      amount: 1,
      date: '2026-10-05',
      reference: 'given back',
      requestId: randomUUID(),
    })
    const csv = await send(
      t,
      committee,
      'GET',
      '/api/rent/payments.csv?from=2026-10-05&to=2026-10-05',
    )
    expect(csv.statusCode, csv.body).toBe(200)
    const [heading, ...rows] = parseCsv(csv.body)
    const cell = (row: string[], name: string) => row[heading!.indexOf(name)]
    const a2Rows = rows.filter((row) => cell(row, 'Plot') === 'A2')
    expect(a2Rows.map((row) => [cell(row, 'Reference'), cell(row, 'Amount')])).toEqual([
      ['at the gate', '0.01'],
      ["'=cmd", '-0.01'],
      ["'-1+2", '0.01'],
      ['given back', '-0.01'],
    ])
    expect((await invoiceOf('A2')).outstanding).toBe(a2.outstanding)
  })

  it('sends the first and second reminders and flags arrears as the days pass, each once', async () => {
    const a2 = await invoiceOf('A2')
    // Due 2026-10-31: the first reminder on 11-14, the second on 11-28, arrears on 12-10.
    t.moveClockTo('2026-11-20')
    await t.app.jobs.runDue()
    await expect
      .poll(
        () =>
          smtp.received.filter(
            (m) => m.subject === rentMessages.rentReminderSubject('first', a2.number),
          ).length,
        { timeout: 15_000 },
      )
      .toBe(1)
    expect((await invoiceOf('A2')).steps.map((s) => s.step)).toEqual(['first'])
    const reminder = smtp.received.find(
      (m) => m.subject === rentMessages.rentReminderSubject('first', a2.number),
    )!
    // The due date as the payer reads it.
    expect(reminder.text).toContain('which was due on 31 October 2026.')
    const due = (await send(t, committee, 'GET', '/api/rent/due')).json()
    expect(
      due.map((d: { step: string; done: boolean; invoice: Invoice }) => [
        d.invoice.plotId,
        d.step,
        d.done,
      ]),
    ).toEqual([['A2', 'first', true]])
    t.moveClockTo('2026-12-15')
    await t.app.jobs.runDue()
    await t.app.jobs.runDue()
    expect((await invoiceOf('A2')).steps.map((s) => s.step)).toEqual(['first', 'second', 'arrears'])
    const plot = (await send(t, committee, 'GET', '/api/plots/A2')).json()
    expect(plot.isFailed).toBe(true)
    const arrears = (await send(t, committee, 'GET', '/api/rent/arrears')).json() as Invoice[]
    expect(arrears.map((i) => i.plotId)).toEqual(['A2'])
    await t.app.jobs.runDue(new Date(Date.now() + 400 * DAY))
    await expect
      .poll(
        () =>
          smtp.received.filter(
            (m) => m.subject === rentMessages.rentReminderSubject('second', a2.number),
          ).length,
        { timeout: 15_000 },
      )
      .toBe(1)
    expect(
      smtp.received.filter(
        (m) => m.subject === rentMessages.rentReminderSubject('first', a2.number),
      ),
    ).toHaveLength(1)
    const sent = (await send(t, committee, 'GET', '/api/people/bob/messages')).json()
    expect(sent.map((m: { subject: string }) => m.subject)).toContain(
      rentMessages.rentReminderSubject('second', a2.number),
    )
  })
})

// Issue 28: the first rent run, on 25 November for a year that started on 1 October, e-mailed every
// payer an invoice due by 31 October, overdue the day it was issued, and a reminder two seconds
// later. The days to pay now count from the day of issue when the start has passed, and no
// reminder comes on that day or before they have passed.
describe.each(engines)('a rent year started after its start date on %s', (engine) => {
  const ISSUED = '2026-11-25'
  const DUE = '2026-12-25'
  const FIRST_REMINDER = '2027-01-08'
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let committee = ''
  let yearId = 0

  const invoices = async () =>
    (await send(t, committee, 'GET', `/api/rent/years/${yearId}/invoices`)).json() as Invoice[]
  // Every reminder (and arrears) taken, and every reminder e-mail or letter queued or sent.
  const reminders = async () => ({
    steps: (await invoices()).flatMap((invoice) => invoice.steps),
    batches: (await t.db.kysely.selectFrom('message_batches').select('subject').execute()).filter(
      ({ subject }) => /reminder/i.test(subject),
    ),
    mails: smtp.received.filter(({ subject }) => /reminder/i.test(subject)).length,
  })
  const none = { steps: [], batches: [], mails: 0 }
  // The jobs due now, run to their end: those the runner woken by the start took in the background
  // too, which runDue does not wait for.
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

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp(engine, { env: { SMTP_URL: smtp.url, TODAY: ISSUED } })
    committee = await t.signInAs(3)
    await createPlot(t, committee, 'B1', { fee: 45 })
    await createPlot(t, committee, 'B2', { fee: 30 })
    await createPerson(t, committee, 'eve', { firstName: 'Eve', email: 'eve@example.org' })
    await createPerson(t, committee, 'fay', { firstName: 'Fay', email: '', contactBy: 'post' })
    for (const [plot, person] of [
      ['B1', 'eve'],
      ['B2', 'fay'],
    ])
      expect(
        (await send(t, committee, 'PUT', `/api/plots/${plot}/tenants/${person}`)).statusCode,
      ).toBe(200)
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  it('issues the invoices today, due the days to pay from today, as the preview said', async () => {
    const preview = await send(t, committee, 'POST', '/api/rent/years/preview', {
      startDate: START,
    })
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json()).toMatchObject({
      startDate: START,
      issuedOn: ISSUED,
      dueDate: DUE,
      firstReminder: FIRST_REMINDER,
      sending: { invoices: 2, emails: 1, letters: 1 },
    })
    const started = await startRentYear(t, committee, START)
    expect(started.statusCode, started.body).toBe(201)
    yearId = started.json().yearId
    expect((await invoices()).map((i) => [i.plotId, i.issuedOn, i.dueDate])).toEqual([
      ['B1', ISSUED, DUE],
      ['B2', ISSUED, DUE],
    ])
    const [year] = (await send(t, committee, 'GET', '/api/rent/years')).json() as RentYear[]
    expect([year!.startDate, year!.dueDate]).toEqual([START, DUE])
    // Nothing owed is overdue on the day of issue.
    expect((await send(t, committee, 'GET', '/api/rent/arrears')).json()).toEqual([])

    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes('eve@example.org')).length, {
        timeout: 15_000,
      })
      .toBe(1)
    const mail = smtp.received.find((m) => m.to.includes('eve@example.org'))!
    // Dates as the payer reads them, in the e-mail and on the invoice: never ISO.
    expect(mail.text).toContain('is due by 25 December 2026.')
    expect(mail.text).not.toContain(DUE)
    const pdf = await extractText(
      await getDocumentProxy(new Uint8Array(mail.attachments[0]!.content)),
      { mergePages: true },
    )
    expect(pdf.text).toContain('Date: 25 November 2026')
    expect(pdf.text).toContain('Due by: 25 December 2026')
    expect(pdf.text).not.toMatch(/\d{4}-\d{2}-\d{2}/)
  })

  it('sends no reminder on the day of issue, nor before the days to pay have passed', async () => {
    await runDue()
    expect(await reminders()).toEqual(none)
    // The deadlines wait for the first reminder's day.
    const deadlines = await t.db.kysely
      .selectFrom('jobs')
      .select('runAt')
      .where('kind', '=', 'rent-deadline')
      .execute()
    expect(deadlines).toHaveLength(2)
    for (const { runAt } of deadlines)
      expect(Date.parse(runAt)).toBeGreaterThanOrEqual(Date.parse(`${FIRST_REMINDER}T00:00:00Z`))
    for (const day of ['2026-11-26', DUE, '2027-01-07']) {
      t.moveClockTo(day)
      await runDue()
      expect(await reminders(), day).toEqual(none)
    }
    // On its day the first reminder goes, as before: the check above is not a runner asleep.
    t.moveClockTo(FIRST_REMINDER)
    await runDue()
    expect((await reminders()).steps.map((s) => [s.step, s.date])).toEqual([
      ['first', FIRST_REMINDER],
      ['first', FIRST_REMINDER],
    ])
    await expect
      .poll(
        () =>
          smtp.received.filter(
            (m) => m.to.includes('eve@example.org') && /reminder/i.test(m.subject),
          ).length,
        { timeout: 15_000 },
      )
      .toBe(1)
  })
})

// Every amount is bounded by the shared rules (MAX_PENCE), so no invoice, line or entry can pass
// what a column holds: a plot too large to invoice is refused alike on both engines, and the
// largest amounts the rules allow go through the whole year on each.
describe.each(engines)('money at its bounds on %s', (engine) => {
  let t: TestApp
  let committee = ''
  let admin = ''

  const saveSettings = (changes: Record<string, unknown>) => saveRentSettings(t, admin, changes)

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    committee = await t.signInAs(3)
    admin = await t.signInAs(4)
    await createPlot(t, committee, 'BIG', { fee: 1, area: 1_000_000 })
    await createPerson(t, committee, 'dee', { firstName: 'Dee', email: '', contactBy: 'post' })
    expect((await send(t, committee, 'PUT', '/api/plots/BIG/tenants/dee')).statusCode).toBe(200)
  })
  afterAll(() => t.close())

  it('refuses a year whose invoice would pass the most one amount may be, storing nothing', async () => {
    // 1,000,000 m² at £100 a m²: £100,000,000, beyond PostgreSQL's integer in pence.
    await saveSettings({ chargeBasis: 'area', areaRate: 1_000_000, extras: [] })
    const tooLarge = rentMessages.invoiceTooLarge(
      'BIG',
      penceText(10_000_000_000),
      penceText(MAX_PENCE),
    )
    const log = { userName: 'level3', eventCollection: 'rent_years' }
    const confirmed = { invoices: 1, emails: 0, letters: 1 }
    for (const url of ['/api/rent/years', '/api/rent/years/preview'])
      await expectRefused(
        t,
        committee,
        log,
        'POST',
        url,
        { startDate: START, confirmed },
        422,
        tooLarge,
      )
    // One penny over: the rent at the bound, and an extra charge of 1p.
    await saveSettings({ areaRate: 1000, extras: [{ name: 'Water', amount: 1 }] })
    for (const url of ['/api/rent/years/preview', '/api/rent/years'])
      await expectRefused(
        t,
        committee,
        log,
        'POST',
        url,
        { startDate: START, confirmed },
        422,
        rentMessages.invoiceTooLarge('BIG', penceText(MAX_PENCE + 1), penceText(MAX_PENCE)),
      )
  })

  it('takes an invoice, payments, refunds and a bank statement at the largest amounts allowed', async () => {
    // 999,000 m² at 10p, and water at £100: £100,000.00 exactly.
    await saveSettings({
      chargeBasis: 'area',
      areaRate: 1000,
      extras: [{ name: 'Water', amount: 10_000 }],
    })
    const plot = (await send(t, committee, 'GET', '/api/plots/BIG')).json()
    expect(
      (await send(t, committee, 'PUT', '/api/plots/BIG', { ...plot, area: 999_000 })).statusCode,
    ).toBe(200)
    const preview = await send(t, committee, 'POST', '/api/rent/years/preview', {
      startDate: START,
    })
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json().total).toBe(MAX_PENCE)
    const started = await send(t, committee, 'POST', '/api/rent/years', {
      startDate: START,
      confirmed: preview.json().sending,
    })
    expect(started.statusCode, started.body).toBe(201)
    const { yearId } = started.json()
    const [invoice] = (
      await send(t, committee, 'GET', `/api/rent/years/${yearId}/invoices`)
    ).json() as Invoice[]
    expect(invoice!.amount).toBe(MAX_PENCE)
    const entry = (kind: string, amount: number) =>
      send(
        t,
        committee,
        'POST',
        `/api/rent/invoices/${invoice!.id}/${kind === 'payment' ? 'payments' : 'corrections'}`,
        {
          ...(kind === 'payment' ? { method: 'transfer' } : { kind }),
          amount,
          date: '2026-10-02',
          reference: 'the whole year',
          requestId: randomUUID(),
        },
      )
    expect((await entry('payment', MAX_PENCE)).statusCode).toBe(201)
    expect((await entry('refund', MAX_PENCE)).statusCode).toBe(201)
    const [line] = await statementLines(
      t,
      committee,
      `Date,Reference,Amount\r\n02/10/2026,INV-${invoice!.number},"£100,000.00"`,
    )
    expect([line!.amount, line!.problem, line!.match?.invoiceId]).toEqual([
      MAX_PENCE,
      null,
      invoice!.id,
    ])
    const confirmed = await send(t, committee, 'POST', '/api/rent/statement/confirm', {
      matches: [{ ...line, invoiceId: invoice!.id, date: line!.date, requestId: randomUUID() }],
    })
    expect(confirmed.json()).toEqual({ recorded: 1 })
    const detail = (
      await send(t, committee, 'GET', `/api/rent/invoices/${invoice!.id}`)
    ).json() as InvoiceDetail
    expect([detail.paid, detail.refunded, detail.outstanding]).toEqual([
      2 * MAX_PENCE,
      MAX_PENCE,
      0,
    ])
    expect(
      (await send(t, committee, 'GET', `/api/rent/years/${yearId}/summary`)).json(),
    ).toMatchObject({ invoiced: MAX_PENCE, received: 2 * MAX_PENCE, refunded: MAX_PENCE })
    const csv = parseCsv(
      (await send(t, committee, 'GET', '/api/rent/payments.csv?from=2026-10-02&to=2026-10-02'))
        .body,
    )
    expect(csv.slice(1).map((row) => row.at(-2))).toEqual(['100000.00', '-100000.00', '100000.00'])
    if (engine === 'postgres') {
      // The money columns hold any sum of amounts as large as these.
      const types = await sql<{ table_name: string; data_type: string }>`
        select table_name, data_type from information_schema.columns
        where table_schema = current_schema()
          and column_name in ('amount', 'oldAmount', 'newAmount', 'charge')
        order by table_name, column_name`.execute(t.db.kysely)
      expect(types.rows).toEqual([
        { table_name: 'bank_lines', data_type: 'bigint' },
        { table_name: 'deposit_entries', data_type: 'bigint' },
        { table_name: 'deposit_kinds', data_type: 'bigint' },
        { table_name: 'instalments', data_type: 'bigint' },
        { table_name: 'invoice_lines', data_type: 'bigint' },
        { table_name: 'invoices', data_type: 'bigint' },
        { table_name: 'key_holdings', data_type: 'bigint' },
        { table_name: 'ledger', data_type: 'bigint' },
        // A notice of a rent rise: a plot's rent before and after (decision 62).
        { table_name: 'rate_notices', data_type: 'bigint' },
        { table_name: 'rate_notices', data_type: 'bigint' },
      ])
    }
  })
})
