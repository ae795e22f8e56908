import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { longDate } from '#shared/domain/dates'
import { noticeToQuitMessages } from '#shared/messages/notice-to-quit'
import { serverMessages } from '#shared/messages/server'
import type { Notice } from '#shared/schemas/inspections'
import type { HistoryEvent } from '#shared/schemas/plot-history'
import type { ArrearsInvoice, Invoice } from '#shared/schemas/rent'
import type { RentNoticePreview } from '#shared/schemas/rent-notices'
import {
  createPerson,
  createPlot,
  createSite,
  lastLogId,
  limitAccount,
  logsAfter,
  plotInput,
  send,
  snapshot,
} from '#tests/helpers/records'
import { startRentYear } from '#tests/helpers/rent'
import { startSmtpServer } from '#tests/helpers/smtp'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 47, item 6, its second part (decision 61): from the 40th day past due the arrears list
// offers notice to quit. The server decides: refused with a clear message and nothing changed
// before the 40th day by its own clock, for an invoice paid or cancelled, or while a notice for it
// runs; a site representative only for their sites' invoices. The notice is the inspections'
// notice to quit given for rent: its letter names the rent, it is kept on the person's page and
// in the plot's history, and its deadline ends the tenancy, unless the rent was paid by then.

const START = '2026-10-01'
// Invoices of a year started on 1 October are due on 31 October: the 40th day past due is
// 10 December, and a notice given then ends the tenancy on 10 January.
const DAY_39 = '2026-12-09'
const DAY_40 = '2026-12-10'
const ENDS = '2027-01-10'

describe.each(engines)('notice to quit for rent on %s', (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let committee = ''
  let rep = ''
  let bSite = 0
  const invoice: Record<string, Invoice> = {}

  const url = (plotId: string) => `/api/rent/invoices/${invoice[plotId]!.id}/notice-to-quit`
  const preview = (plotId: string, cookie = committee) => send(t, cookie, 'GET', url(plotId))
  /** Gives the notice as its preview showed it. */
  const giveNotice = async (plotId: string, cookie = committee) => {
    const shown = await preview(plotId, cookie)
    expect(shown.statusCode, shown.body).toBe(200)
    const { confirmation } = shown.json<RentNoticePreview>()
    return send(t, cookie, 'POST', url(plotId), { confirmation })
  }
  const rentNotices = () =>
    t.db.kysely.selectFrom('inspection_notices').selectAll().where('reason', '=', 'rent').execute()
  const arrears = async () =>
    Object.fromEntries(
      (await send(t, committee, 'GET', '/api/rent/arrears'))
        .json<ArrearsInvoice[]>()
        .map((row) => [row.plotId, row.noticeToQuit]),
    )
  const pay = (plotId: string, amount: number, date: string) =>
    send(t, committee, 'POST', `/api/rent/invoices/${invoice[plotId]!.id}/payments`, {
      amount,
      method: 'cash',
      date,
      reference: 'at the gate',
      requestId: randomUUID(),
    })
  /** A refusal: its status and message, nothing changed, the attempt logged (for a send). */
  const expectRefusal = async (
    plotId: string,
    status: number,
    detail: string,
    cookie = committee,
  ) => {
    const before = { rows: await snapshot(t), notices: await rentNotices() }
    const mark = await lastLogId(t)
    const looked = await preview(plotId, cookie)
    expect(looked.statusCode, looked.body).toBe(status)
    expect(looked.json().detail).toBe(detail)
    const sent = await send(t, cookie, 'POST', url(plotId), { confirmation: 'not-a-preview' })
    expect(sent.statusCode, sent.body).toBe(status)
    expect(sent.json().detail).toBe(detail)
    expect({ rows: await snapshot(t), notices: await rentNotices() }).toEqual(before)
    const logs = await logsAfter(t, mark)
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({ methodName: 'sendRentNotice', eventCollection: 'plots' })
    expect(JSON.parse(logs[0]!.error)).toMatchObject({ status, message: detail })
    return logs[0]!
  }

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp(engine, { env: { TODAY: START, SMTP_URL: smtp.url } })
    // The deadlines pass when the test says so.
    await t.app.jobs.stop()
    const admin = await t.signInAs(4, 'admin')
    committee = await t.signInAs(3, 'treasurer')
    rep = await t.signInAs(3, 'repa')
    bSite = (await createSite(t, admin, 'Northfield')).id
    const tenants: Array<[string, string, Record<string, unknown>, number?]> = [
      ['N1', 'nia', { email: 'nia@example.org', contactBy: 'email' }],
      ['N2', 'ned', { email: '', contactBy: 'post', address: '2 Lane\nRiverside' }],
      ['N3', 'cal', { email: '', contactBy: 'post', address: '3 Lane\nRiverside' }],
      ['N4', 'pam', { email: '', contactBy: 'post', address: '4 Lane\nRiverside' }],
      ['B1', 'bob', { email: '', contactBy: 'post', address: '1 Field\nNorthfield' }, bSite],
    ]
    for (const [plotId, personId, details, siteId] of tenants) {
      if (siteId === undefined) await createPlot(t, committee, plotId, { fee: 60 })
      else {
        const made = await send(
          t,
          admin,
          'POST',
          '/api/plots',
          plotInput(plotId, { fee: 60, siteId }),
        )
        expect(made.statusCode, made.body).toBe(201)
      }
      await createPerson(t, committee, personId, {
        firstName: personId[0]!.toUpperCase() + personId.slice(1),
        lastName: 'Grower',
        ...details,
      })
      const added = await send(t, committee, 'PUT', `/api/plots/${plotId}/tenants/${personId}`)
      expect(added.statusCode, added.body).toBe(200)
    }
    const started = await startRentYear(t, committee, START)
    expect(started.statusCode, started.body).toBe(201)
    const { yearId } = started.json()
    for (const row of (await send(t, committee, 'GET', `/api/rent/years/${yearId}/invoices`)).json<
      Invoice[]
    >())
      invoice[row.plotId] = row
    await limitAccount(t, admin, 'repa', [1])
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  it('is refused before the 40th day past due by the server’s clock, nothing changed', async () => {
    t.moveClockTo(DAY_39)
    expect(invoice.N1!.dueDate).toBe('2026-10-31')
    await expectRefusal('N1', 422, noticeToQuitMessages.tooEarly(39))
    expect(await arrears()).toMatchObject({ N1: null, N2: null })
  })

  it('is refused for an invoice paid or cancelled, and for another site’s invoice (403)', async () => {
    t.moveClockTo(DAY_40)
    expect((await pay('N3', 6000, DAY_40)).statusCode).toBe(201)
    await expectRefusal('N3', 422, noticeToQuitMessages.nothingOwed)
    const cancelled = await send(
      t,
      committee,
      'POST',
      `/api/rent/invoices/${invoice.N4!.id}/corrections`,
      { kind: 'cancel', date: DAY_40, reference: 'let by mistake', requestId: randomUUID() },
    )
    expect(cancelled.statusCode, cancelled.body).toBe(201)
    await expectRefusal('N4', 422, noticeToQuitMessages.invoiceCancelled)
    // A representative of the first site only: site B's invoice is beyond reach, and the refused
    // send is logged naming its site.
    const refused = await expectRefusal('B1', 403, serverMessages.noAccess, rep)
    expect(refused.siteIds).toBe(String(bSite))
  })

  it('shows the person, the plot, the sum owed, the end and the letter, then sends it as shown', async () => {
    const looked = await lastLogId(t)
    const shown = (await preview('N1')).json<RentNoticePreview>()
    expect(shown).toEqual({
      invoiceId: invoice.N1!.id,
      invoiceNumber: invoice.N1!.number,
      plotId: 'N1',
      plotName: 'N1',
      payerName: 'Nia Grower',
      tenants: ['Nia Grower'],
      outstanding: 6000,
      overdue: 6000,
      dueOn: '2026-10-31',
      daysPastDue: 40,
      endsOn: ENDS,
      people: 1,
      email: 1,
      post: 0,
      mailServer: true,
      sample: {
        name: 'Nia Grower',
        copies: [
          {
            channel: 'email',
            recipient: 'nia@example.org',
            subject: 'Notice to quit plot N1: rent unpaid',
            body: expect.stringContaining(
              `The rent of £60.00 for plot N1 (invoice ${invoice.N1!.number}), due on 31 October 2026, is still unpaid`,
            ),
          },
        ],
      },
      confirmation: expect.stringMatching(/^[\w-]{43}$/),
    })
    expect(shown.sample.copies[0]!.body).toContain(
      `your tenancy of plot N1 ends on ${longDate(ENDS)}`,
    )
    // Looking changes nothing.
    expect(await logsAfter(t, looked)).toEqual([])
    expect(await rentNotices()).toEqual([])

    // A confirmation no preview gave: refused, nothing sent.
    const stale = await send(t, committee, 'POST', url('N1'), { confirmation: 'not-a-preview' })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().detail).toBe(noticeToQuitMessages.noticeChanged)
    expect(await rentNotices()).toEqual([])

    const mark = await lastLogId(t)
    const sent = await send(t, committee, 'POST', url('N1'), { confirmation: shown.confirmation })
    expect(sent.statusCode, sent.body).toBe(201)
    expect(sent.json()).toMatchObject({ plotId: 'N1', endsOn: ENDS, tenants: ['nia'] })
    const entries = await logsAfter(t, mark)
    expect(entries.map((e) => [e.methodName, e.docId, e.userName])).toEqual([
      ['sendRentNotice', 'N1', 'treasurer'],
    ])
    expect(await rentNotices()).toEqual([
      expect.objectContaining({
        plotId: 'N1',
        stage: 'quit',
        status: 'open',
        reason: 'rent',
        invoiceId: invoice.N1!.id,
        roundId: null,
        inspectionId: null,
        sentOn: DAY_40,
        deadline: ENDS,
      }),
    ])
    // The e-mail goes as the notices' copies go.
    await t.app.jobs.runDue()
    await expect
      .poll(() => smtp.received.filter((mail) => mail.subject.startsWith('Notice to quit')).length)
      .toBe(1)
    const mail = smtp.received.find((m) => m.subject === 'Notice to quit plot N1: rent unpaid')!
    expect(mail.to).toContain('nia@example.org')
    expect(mail.text).toContain('Under the Allotments Act 1922')
    // The arrears list says it is running, and a second is refused.
    expect((await arrears()).N1).toEqual({ sentOn: DAY_40, endsOn: ENDS })
    await expectRefusal('N1', 422, noticeToQuitMessages.alreadyGiven)
  })

  it('is kept on the person’s page, in the plot’s history and with the committee’s notices', async () => {
    const copies = (await send(t, committee, 'GET', '/api/people/nia/messages')).json<
      { subject: string; channel: string }[]
    >()
    expect(copies.map((copy) => copy.subject)).toContain('Notice to quit plot N1: rent unpaid')
    const history = (await send(t, committee, 'GET', '/api/plots/N1/history')).json<
      HistoryEvent[]
    >()
    expect(history.find((event) => event.kind === 'notice')).toMatchObject({
      at: DAY_40,
      title: 'Notice to quit sent to Nia Grower',
      detail: `For the rent of invoice ${invoice.N1!.number}, unpaid. The tenancy ends on ${longDate(ENDS)}. Running.`,
    })
    const notices = (await send(t, committee, 'GET', '/api/inspection-notices')).json<Notice[]>()
    expect(notices.find((n) => n.plotId === 'N1')).toMatchObject({
      reason: 'rent',
      invoiceId: invoice.N1!.id,
      roundId: null,
      stage: 'quit',
      tenants: ['Nia Grower'],
    })
    // Its last day is on the committee's calendar (decision 63), though it has no round.
    const calendar = await send(t, committee, 'GET', `/api/calendar?from=${ENDS}&to=${ENDS}`)
    expect(calendar.statusCode, calendar.body).toBe(200)
    expect(
      calendar.json<{ dates: { kind: string; date: string; path: string }[] }>().dates,
    ).toContainEqual(
      expect.objectContaining({ kind: 'noticeDeadline', date: ENDS, path: '/members/plots/N1' }),
    )
  })

  it('keeps another site’s notice from a representative of the first', async () => {
    expect((await giveNotice('B1')).statusCode).toBe(201)
    const theirs = (await send(t, rep, 'GET', '/api/inspection-notices')).json<Notice[]>()
    expect(theirs.map((n) => n.plotId)).toEqual(['N1'])
    const all = (await send(t, committee, 'GET', '/api/inspection-notices')).json<Notice[]>()
    expect(all.map((n) => n.plotId).sort()).toEqual(['B1', 'N1'])
  })

  it('ends the tenancy on its last day when still unpaid, and not when paid in full meanwhile', async () => {
    const given = await giveNotice('N2')
    expect(given.statusCode, given.body).toBe(201)
    // Ned pays in full after the notice: his tenancy goes on when the notice's time is up.
    t.moveClockTo('2026-12-20')
    expect((await pay('N2', 6000, '2026-12-20')).statusCode).toBe(201)
    t.moveClockTo(ENDS)
    await t.app.jobs.runDue()
    expect((await send(t, committee, 'GET', '/api/plots/N1')).json().tenants).toEqual(['nia'])

    t.moveClockTo('2027-01-11')
    const mark = await lastLogId(t)
    await t.app.jobs.runDue()
    const entries = (await logsAfter(t, mark)).map((e) => [e.methodName, e.docId])
    expect(entries).toContainEqual(['endTenancyByNotice', 'N1'])
    expect(entries).toContainEqual(['rentNoticeSettled', 'N2'])
    expect((await send(t, committee, 'GET', '/api/plots/N1')).json().tenants).toEqual([])
    expect((await send(t, committee, 'GET', '/api/plots/N2')).json().tenants).toEqual(['ned'])
    const status = Object.fromEntries((await rentNotices()).map((n) => [n.plotId, n.status]))
    expect(status).toMatchObject({ N1: 'ended', N2: 'paid' })
    const history = (await send(t, committee, 'GET', '/api/plots/N2/history')).json<
      HistoryEvent[]
    >()
    expect(history.find((event) => event.kind === 'notice')!.detail).toContain(
      'Rent paid: the tenancy goes on.',
    )
    // Nia is a former tenant, ended by the committee on the notice's last day.
    const former = (await send(t, committee, 'GET', '/api/former-tenants')).json<unknown[]>()
    expect(JSON.stringify(former)).toContain('nia')
  })
})
