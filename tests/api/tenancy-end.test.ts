import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commonMessages } from '#shared/messages/common'
import { partYearMessages } from '#shared/messages/part-year'
import { tenancyEndMessages as words } from '#shared/messages/tenancy-end'
import { DEFAULT_PRIVACY_SETTINGS } from '#shared/domain/privacy'
import type { DueForErasure } from '#shared/schemas/privacy'
import type { EndedTenancy, FormerTenant } from '#shared/schemas/leaving'
import type { Person } from '#shared/schemas/person'
import type { HistoryEvent } from '#shared/schemas/plot-history'
import type { OfferChoices } from '#shared/schemas/letting'
import type { Invoice, InvoiceDetail } from '#shared/schemas/rent'
import {
  createPerson,
  createPlot,
  expectOneLog,
  lastLogId,
  logsAfter,
  send,
  snapshot,
} from '#tests/helpers/records'
import { startRentYear } from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 44, item 4: a tenant who leaves. The committee gives the day the tenancy ends (not before
// it began, not after today) and why; the leaver of their last plot is a former tenant, kept for
// the records with the plot's history, until retention's period counted from that day; their
// invoice is settled as the committee chose, counted to that day; a joint tenant or a holder of
// two plots who leaves one stays a plot holder; and nothing is posted to someone who died.

const START = '2026-10-01'
const TODAY = '2027-01-15'

describe.each(engines)('a tenant who leaves, on %s', (engine) => {
  let t: TestApp
  let committee = ''
  let admin = ''
  let yearId = 0

  const on = (day: string) => {
    t.app.config.clock = () => new Date(`${day}T12:00:00.000Z`)
  }
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
    send(t, committee, method, url, body)
  const end = (plotId: string, personId: string, body: object) =>
    call('POST', `/api/plots/${plotId}/tenants/${personId}/end`, body)
  const person = async (id: string) => (await call('GET', `/api/people/${id}`)).json() as Person
  const plotHolders = async () =>
    ((await call('GET', '/api/people?status=plotholders')).json() as Person[]).map((p) => p.id)
  const formerTenants = async () =>
    (await call('GET', '/api/former-tenants')).json() as FormerTenant[]
  const endsOf = async (id: string) =>
    (await call('GET', `/api/people/${id}/tenancy-ends`)).json() as EndedTenancy[]
  const vacantToOffer = async () =>
    ((await call('GET', '/api/offers/choices')).json() as OfferChoices).vacantPlots
  const messagesTo = async (personId: string) =>
    (
      await t.db.kysely
        .selectFrom('messages')
        .select('subject')
        .where('personId', '=', personId)
        .execute()
    ).map((m) => m.subject)

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    // Reminders run when the test says, after the death is recorded, not when the runner polls.
    await t.app.jobs.stop()
    committee = await t.signInAs(3)
    admin = await t.signInAs(4)
    for (const id of ['L1', 'L2', 'L3', 'L4', 'L5', 'L6']) await createPlot(t, committee, id)
    for (const [id, firstName, lastName, onWaitingList] of [
      ['ann', 'Ann', 'Archer', false],
      ['bea', 'Bea', 'Bell', false],
      ['cal', 'Cal', 'Cole', false],
      ['dan', 'Dan', 'Dale', false],
      ['eve', 'Eve', 'Ellison', true],
    ] as const)
      await createPerson(t, committee, id, {
        firstName,
        lastName,
        email: `${id}@example.org`,
        dateJoined: '2020-01-01',
        onWaitingList,
      })
    on(START)
    // Ann holds L1; Bea and Cal share L2 (Bea pays); Dan holds L3 and L4; Eve holds L5 and waits
    // for a second plot, with L6 offered to her.
    for (const [plotId, personId] of [
      ['L1', 'ann'],
      ['L2', 'bea'],
      ['L2', 'cal'],
      ['L3', 'dan'],
      ['L4', 'dan'],
      ['L5', 'eve'],
    ])
      expect((await call('PUT', `/api/plots/${plotId}/tenants/${personId}`)).statusCode).toBe(200)
    const offered = await call('POST', '/api/offers', { plotId: 'L6', personId: 'eve', reason: '' })
    expect(offered.statusCode, offered.body).toBe(201)
    const started = await startRentYear(t, committee, START)
    expect(started.statusCode, started.body).toBe(201)
    yearId = started.json().yearId
    on(TODAY)
  })
  afterAll(() => t.close())

  it('asks the day from London’s today and the day the tenancy began', async () => {
    const form = await call('GET', '/api/plots/L1/tenants/ann/ending')
    expect(form.statusCode, form.body).toBe(200)
    expect(form.json()).toEqual({ today: TODAY, beganOn: START, otherPlots: [] })
    expect((await call('GET', '/api/plots/L3/tenants/dan/ending')).json().otherPlots).toEqual([
      'L4',
    ])
    const stranger = await call('GET', '/api/plots/L1/tenants/dan/ending')
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json().detail).toBe(words.notTenant('dan', 'L1'))
  })

  it('needs a reason, and a day neither before the tenancy began nor after today', async () => {
    const before = await snapshot(t)
    for (const [body, detail] of [
      [{ endedOn: '2026-12-20' }, words.reasonRequired],
      [{ endedOn: '2026-12-20', reason: 'retired' }, words.reasonRequired],
      [{ endedOn: '2026-12-20', reason: '' }, words.reasonRequired],
      [{ endedOn: '2026-02-30', reason: 'gaveUp' }, commonMessages.invalidDate],
      [{ reason: 'gaveUp' }, commonMessages.invalidDate],
    ] as const) {
      const refused = await end('L1', 'ann', body)
      expect(refused.statusCode, JSON.stringify(body)).toBe(400)
      expect(refused.json().detail).toContain(detail)
    }
    for (const [endedOn, detail] of [
      ['2026-09-30', words.endedBeforeBegan(START)],
      ['2027-01-16', words.endedAfterToday],
    ]) {
      const mark = await lastLogId(t)
      const refused = await end('L1', 'ann', { endedOn, reason: 'gaveUp' })
      expect(refused.statusCode).toBe(422)
      expect(refused.json().detail).toBe(detail)
      // The attempt is logged with its refusal, against the person.
      const [entry] = await logsAfter(t, mark)
      expect(entry).toMatchObject({ methodName: 'endTenancy', docId: 'ann' })
      expect(JSON.parse(entry!.error)).toMatchObject({ status: 422, message: detail })
    }
    const stranger = await end('L1', 'dan', { endedOn: TODAY, reason: 'gaveUp' })
    expect(stranger.statusCode).toBe(422)
    expect(stranger.json().detail).toBe(words.notTenant('dan', 'L1'))
    expect(await snapshot(t)).toEqual(before)
  })

  it('keeps the leaver as a former tenant with the day and the reason, and offers the plot to the list', async () => {
    const [invoice] = (
      (await call('GET', `/api/rent/years/${yearId}/invoices`)).json() as Invoice[]
    ).filter((i) => i.plotId === 'L1')
    const mark = await lastLogId(t)
    const ended = await end('L1', 'ann', {
      endedOn: '2026-12-20',
      reason: 'gaveUp',
      invoice: 'reduce',
    })
    expect(ended.statusCode, ended.body).toBe(200)
    const answer = ended.json()
    expect(answer.plot).toMatchObject({ id: 'L1', tenants: [], occupied: false })
    expect(answer.person).toMatchObject({
      id: 'ann',
      plots: [],
      isPlotHolder: false,
      onWaitingList: false,
    })
    const ending = { plotId: 'L1', personId: 'ann', beganOn: START, endedOn: '2026-12-20' }
    expect(answer.ending).toEqual({ ...ending, reason: 'gaveUp' })
    const logged = await logsAfter(t, mark)
    expect(logged.map((entry) => [entry.methodName, entry.docId, entry.error])).toEqual([
      ['endTenancy', 'ann', 'null'],
    ])
    expect(JSON.parse(logged[0]!.value).ending).toMatchObject({ reason: 'gaveUp' })

    // Not "Plot holder · No plots": off the plot holders, among the former tenants.
    expect(await plotHolders()).not.toContain('ann')
    expect(await person('ann')).toMatchObject({ isPlotHolder: false, onWaitingList: false })
    expect(await formerTenants()).toContainEqual({
      ...ending,
      reason: 'gaveUp',
      firstName: 'Ann',
      lastName: 'Archer',
    })
    expect(await endsOf('ann')).toEqual([{ ...ending, reason: 'gaveUp' }])
    expect(await vacantToOffer()).toContain('L1')

    // The invoice comes down to the months she held it, to the end of December: three, not four.
    const detail = (await call('GET', `/api/rent/invoices/${invoice!.id}`)).json() as InvoiceDetail
    expect(detail.entries.map((entry) => [entry.kind, entry.reference, entry.date])).toEqual([
      ['writeoff', partYearMessages.reducedReference(3, 'L1', '2026-12-20'), TODAY],
    ])
    expect(detail.outstanding).toBe(Math.round((invoice!.amount * 3) / 12))
  })

  it("records the end in the plot's history with its day and reason", async () => {
    const history = (await call('GET', '/api/plots/L1/history')).json() as HistoryEvent[]
    const tenancies = history.filter((event) => event.kind === 'tenancy')
    expect(tenancies[0]).toMatchObject({
      at: '2026-12-20',
      title: words.historyEnded('Ann Archer'),
      detail: words.historyEndDetail(words.reasons.gaveUp, START),
    })
    // Once: the change's log entry is not told again as "left the plot".
    expect(tenancies.map((event) => event.title)).toEqual([
      words.historyEnded('Ann Archer'),
      'Ann Archer became a tenant',
    ])
  })

  it('leaves a joint plot with the tenant who stays, who pays from then on', async () => {
    const ended = await end('L2', 'cal', { endedOn: TODAY, reason: 'movedAway' })
    expect(ended.statusCode, ended.body).toBe(200)
    expect(ended.json().plot).toMatchObject({ tenants: ['bea'], payer: 'bea', occupied: true })
    expect(await person('bea')).toMatchObject({ plots: ['L2'], isPlotHolder: true })
    expect(await person('cal')).toMatchObject({ plots: [], isPlotHolder: false })
    expect((await formerTenants()).map((f) => [f.personId, f.reason])).toContainEqual([
      'cal',
      'movedAway',
    ])
    expect(await vacantToOffer()).not.toContain('L2')
  })

  it('keeps a holder of two plots who gives up one a plot holder, not a former tenant', async () => {
    const ended = await end('L3', 'dan', { endedOn: '2027-01-02', reason: 'gaveUp' })
    expect(ended.statusCode, ended.body).toBe(200)
    expect(ended.json().person).toMatchObject({ plots: ['L4'], isPlotHolder: true })
    expect(await plotHolders()).toContain('dan')
    expect((await formerTenants()).map((f) => f.personId)).not.toContain('dan')
    expect((await endsOf('dan')).map((e) => e.plotId)).toEqual(['L3'])
    // His tenancy of L4 began when it did, not when the other ended.
    expect((await call('GET', '/api/plots/L4/tenants/dan/ending')).json().beganOn).toBe(START)
  })

  it('sends nothing to someone who died: off the waiting list, their offer withdrawn, no reminders', async () => {
    const sentBefore = await messagesTo('eve')
    const ended = await end('L5', 'eve', { endedOn: '2027-01-10', reason: 'died' })
    expect(ended.statusCode, ended.body).toBe(200)
    expect(ended.json().person).toMatchObject({ isPlotHolder: false, onWaitingList: false })
    const history = (await call('GET', '/api/people/eve/waiting-list-history')).json() as Array<{
      event: string
      reason: string
    }>
    expect(history.at(-1)).toMatchObject({ event: 'left', reason: words.reasons.died })
    const offers = (await call('GET', '/api/offers')).json() as {
      open: Array<{ personId: string }>
      closed: Array<{ personId: string; status: string }>
    }
    expect(offers.open.map((o) => o.personId)).not.toContain('eve')
    expect(offers.closed.find((o) => o.personId === 'eve')?.status).toBe('withdrawn')

    // The year's reminders fall due: Dan's go; Eve's invoice still owes, but nothing goes to her.
    const dansBefore = (await messagesTo('dan')).length
    const mark = await lastLogId(t)
    while ((await t.app.jobs.runDue()) > 0);
    expect((await messagesTo('dan')).length).toBeGreaterThan(dansBefore)
    expect(await messagesTo('eve')).toEqual(sentBefore)
    const withheld = (await logsAfter(t, mark)).filter(
      (entry) => entry.methodName === 'withholdRentReminder',
    )
    expect(withheld.length).toBeGreaterThan(0)
  })

  it('counts retention from the day the tenancy ended, not the day it was recorded', async () => {
    const saved = await send(t, admin, 'PUT', '/api/privacy/settings', {
      ...DEFAULT_PRIVACY_SETTINGS,
      version: 0,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    // Ann's tenancy ended on 20 December 2026, recorded on 15 January 2027: due two years on from
    // the first, and so listed in the 30 days before it.
    on('2028-12-01')
    const due = (await call('GET', '/api/privacy/due')).json() as DueForErasure
    expect(due.people.find((p) => p.id === 'ann')).toMatchObject({
      lastChange: '2026-12-20',
      dueOn: '2028-12-20',
    })
    on(TODAY)
  })

  it('keeps the end under the marker when the former tenant’s details are erased', async () => {
    const erased = await call('POST', '/api/people/cal/erasure')
    expect(erased.statusCode, erased.body).toBe(200)
    const { id, name } = erased.json() as { id: string; name: string }
    expect(await endsOf(id)).toEqual([
      { plotId: 'L2', personId: id, beganOn: START, endedOn: TODAY, reason: 'movedAway' },
    ])
    const history = (await call('GET', '/api/plots/L2/history')).json() as HistoryEvent[]
    expect(history.map((event) => event.title)).toContain(words.historyEnded(name))
    expect(JSON.stringify(history)).not.toContain('Cal Cole')
  })

  it('takes off a tenant added by mistake with no record of an end, as the spec removes a plot', async () => {
    expect((await call('PUT', '/api/plots/L6/tenants/bea')).statusCode).toBe(200)
    const mark = await lastLogId(t)
    const removed = await call('DELETE', '/api/plots/L6/tenants/bea')
    expect(removed.statusCode, removed.body).toBe(200)
    await expectOneLog(t, mark, {
      methodName: 'removePlotFromPerson',
      userName: 'level3',
      eventCollection: 'people',
      docId: 'bea',
    })
    expect((await endsOf('bea')).map((e) => e.plotId)).toEqual([])
    expect(await person('bea')).toMatchObject({ plots: ['L2'], isPlotHolder: true })
  })
})
