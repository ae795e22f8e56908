import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { USUAL_CONCESSION_KINDS } from '#shared/domain/concessions'
import { amountFor } from '#shared/domain/part-year'
import { concessionMessages } from '#shared/messages/concessions'
import { serverMessages } from '#shared/messages/server'
import type {
  ConcessionGrant,
  ConcessionKind,
  ConcessionsEnding,
} from '#shared/schemas/concessions'
import type { Invoice, InvoiceDetail } from '#shared/schemas/rent'
import {
  createPerson,
  createPlot,
  createSite,
  expectRefused,
  lastLogId,
  limitAccount,
  logsAfter,
  send,
} from '#tests/helpers/records'
import { saveRentSettings, startRentYear } from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 47, item 1 (decision 57): concession kinds, given to people with the evidence seen and an
// end date; applied to the invoices made while in force (the year's and part of a year's), the
// one that takes off most; the list of those ending before the next rent year; and a
// representative of one site refused another's people.

const START = '2026-10-01'

describe.each(engines)('concessions on %s', (engine) => {
  let t: TestApp
  let admin = ''
  let committee = ''
  let rep = ''
  let bPlot = ''
  let yearId = 0
  const kinds: Record<string, ConcessionKind> = {}
  const grants: Record<string, ConcessionGrant> = {}

  const on = (day: string) => {
    t.app.config.clock = () => new Date(`${day}T12:00:00.000Z`)
  }
  const grant = async (
    personId: string,
    kind: string,
    startsOn: string,
    endsOn: string | null,
    cookie = committee,
  ) => {
    const body = { kindId: kinds[kind]!.id, evidence: `${kind} evidence`, startsOn, endsOn }
    const response = await send(t, cookie, 'POST', `/api/people/${personId}/concessions`, body)
    expect(response.statusCode, response.body).toBe(201)
    return response.json<ConcessionGrant>()
  }
  const invoiceOf = async (plotId: string, payerId: string) => {
    const list = await send(t, committee, 'GET', `/api/rent/years/${yearId}/invoices`)
    const invoice = list.json<Invoice[]>().find((i) => i.plotId === plotId && i.payerId === payerId)
    return (
      await send(t, committee, 'GET', `/api/rent/invoices/${invoice!.id}`)
    ).json<InvoiceDetail>()
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY: START } })
    admin = await t.signInAs(4, 'admin')
    committee = await t.signInAs(3, 'treasurer')
    rep = await t.signInAs(3, 'repa')
    const bSite = (await createSite(t, admin, 'Northfield')).id
    await saveRentSettings(t, admin, { extras: [{ name: 'Water', amount: 500 }] })
    await createPlot(t, admin, '1', { fee: 40 })
    await createPlot(t, admin, '2', { fee: 60 })
    bPlot = (await createPlot(t, admin, '9', { fee: 50, siteId: bSite })).id
    for (const [id, plot] of [
      ['alice', '1'],
      ['carol', '2'],
      ['bob', bPlot],
    ] as const) {
      await createPerson(t, admin, id, { firstName: id, email: '' })
      const let_ = await send(t, admin, 'PUT', `/api/plots/${plot}/tenants/${id}`)
      expect(let_.statusCode, let_.body).toBe(200)
    }
    await limitAccount(t, admin, 'repa', [1])
  })
  afterAll(() => t.close())

  it('keeps the kinds the administrator adds: the four councils publish, and a fixed sum', async () => {
    expect((await send(t, committee, 'GET', '/api/rent/concession-kinds')).json()).toEqual([])
    for (const kind of USUAL_CONCESSION_KINDS) {
      const added = await send(t, admin, 'POST', '/api/rent/concession-kinds', kind)
      expect(added.statusCode, added.body).toBe(201)
    }
    const listed = (await send(t, committee, 'GET', '/api/rent/concession-kinds')).json()
    expect(listed).toMatchObject([
      { name: 'Pensioner', percent: 25, fixedPence: null, appliesTo: 'rent', version: 1 },
      { name: 'Benefits', percent: 50, appliesTo: 'rent' },
      { name: 'Site representative', percent: 100, appliesTo: 'rentAndExtras' },
      { name: 'First year of a neglected plot', percent: 50, appliesTo: 'rent' },
    ])
    for (const kind of listed as ConcessionKind[]) kinds[kind.name] = kind
    const over65 = { name: 'Over 65', percent: null, fixedPence: 1500, appliesTo: 'rent' }
    const added = await send(t, admin, 'POST', '/api/rent/concession-kinds', over65)
    expect(added.statusCode, added.body).toBe(201)
    kinds['Over 65'] = added.json()
    // Both a percentage and a fixed sum, or neither: refused, nothing made.
    await expectRefused(
      t,
      admin,
      { userName: 'admin', eventCollection: 'concession_kinds' },
      'POST',
      '/api/rent/concession-kinds',
      { ...over65, percent: 10 },
      400,
      concessionMessages.percentOrFixed,
    )
    // The kinds are the administrator's.
    const byCommittee = await send(t, committee, 'POST', '/api/rent/concession-kinds', over65)
    expect(byCommittee.statusCode).toBe(403)
    const { id, version, ...fields } = kinds['Over 65']!
    const changed = await send(t, admin, 'PUT', `/api/rent/concession-kinds/${id}`, {
      ...fields,
      fixedPence: 1600,
      version,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({ fixedPence: 1600, version: version + 1 })
    const stale = await send(t, admin, 'PUT', `/api/rent/concession-kinds/${id}`, {
      ...fields,
      version,
    })
    expect(stale.statusCode).toBe(409)
  })

  it('gives a kind to a person with the evidence seen, by the account, logged', async () => {
    const mark = await lastLogId(t)
    grants.alice = await grant('alice', 'Pensioner', '2026-09-01', '2027-09-30')
    expect(grants.alice).toMatchObject({
      personId: 'alice',
      kindName: 'Pensioner',
      terms: '25% off the rent',
      evidence: 'Pensioner evidence',
      grantedBy: 'treasurer',
      endsOn: '2027-09-30',
      version: 1,
    })
    const [entry] = await logsAfter(t, mark)
    expect(entry).toMatchObject({
      methodName: 'grantConcession',
      eventCollection: 'concession_grants',
      docId: String(grants.alice.id),
      userName: 'treasurer',
      error: 'null',
      siteIds: '1',
    })
    // Two in force: the one that takes off most is applied, not both (£16.00 over 25% of £40).
    grants.aliceOver65 = await grant('alice', 'Over 65', '2026-09-01', null)
    // Ended before the year starts: not applied.
    grants.carol = await grant('carol', 'Site representative', '2026-01-01', '2026-09-30')
    grants.bob = await grant('bob', 'Benefits', '2026-04-01', '2027-06-30')
    const listed = await send(t, committee, 'GET', '/api/people/alice/concessions')
    expect(
      listed
        .json<ConcessionGrant[]>()
        .map((g) => g.kindName)
        .sort(),
    ).toEqual(['Over 65', 'Pensioner'])
    await expectRefused(
      t,
      committee,
      { userName: 'treasurer', eventCollection: 'concession_grants' },
      'POST',
      '/api/people/alice/concessions',
      { kindId: kinds.Pensioner!.id, evidence: 'x', startsOn: '2026-10-01', endsOn: '2026-09-01' },
      400,
      concessionMessages.endBeforeStart,
    )
    await expectRefused(
      t,
      committee,
      { userName: 'treasurer', eventCollection: 'concession_grants' },
      'POST',
      '/api/people/alice/concessions',
      { kindId: 999, evidence: 'x', startsOn: '2026-10-01', endsOn: null },
      400,
      concessionMessages.kindMissing(999),
      'grantConcession',
    )
  })

  it('refuses a representative of one site the people of another, and logs the attempt', async () => {
    const seen = await send(t, rep, 'GET', '/api/people/bob/concessions')
    expect(seen.statusCode).toBe(403)
    const asked = { kindId: kinds.Pensioner!.id, evidence: 'x', startsOn: START, endsOn: null }
    for (const [method, url, body, methodName] of [
      ['POST', '/api/people/bob/concessions', asked, 'grantConcession'],
      [
        'PUT',
        `/api/rent/concessions/${grants.bob!.id}/end`,
        { endsOn: '2026-12-31', version: 1 },
        'endConcession',
      ],
    ] as const) {
      const { logs } = await expectRefused(
        t,
        rep,
        { userName: 'repa', eventCollection: 'concession_grants' },
        method,
        url,
        body,
        403,
        serverMessages.noAccess,
        methodName,
      )
      expect(logs[0]!.siteIds).toBe('2')
    }
    // Their own site's people they may give one to.
    await grant('carol', 'Benefits', '2027-10-01', '2028-09-30', rep)
    // The kinds are the whole organisation's.
    const kind = { name: 'X', percent: 5, fixedPence: null, appliesTo: 'rent' }
    expect((await send(t, rep, 'POST', '/api/rent/concession-kinds', kind)).statusCode).toBe(403)
  })

  it('takes off what the grants in force on the day of issue give, at the year start', async () => {
    on(START)
    const started = await startRentYear(t, committee, START)
    expect(started.statusCode, started.body).toBe(201)
    yearId = started.json().yearId
    const alice = await invoiceOf('1', 'alice')
    expect(alice.lines).toEqual([
      { description: 'Rent', amount: 4000 },
      { description: 'Concession (Over 65): £16.00 off the rent', amount: -1600 },
      { description: 'Water', amount: 500 },
    ])
    expect(alice).toMatchObject({ amount: 2900, outstanding: 2900 })
    // Carol's ended the day before: her invoice is the full rent and water.
    expect((await invoiceOf('2', 'carol')).amount).toBe(6500)
    const bob = await invoiceOf(bPlot, 'bob')
    expect(bob.lines[1]).toEqual({
      description: 'Concession (Benefits): 50% off the rent',
      amount: -2500,
    })
    expect(bob.amount).toBe(3000)
  })

  it('lists the concessions ending before the next rent year, each person’s within the scope', async () => {
    const ending = async (cookie: string) => {
      const response = await send(t, cookie, 'GET', '/api/rent/concessions/ending')
      expect(response.statusCode, response.body).toBe(200)
      return response.json<ConcessionsEnding>()
    }
    const all = await ending(committee)
    expect(all.nextYearStart).toBe('2027-10-01')
    // Bob's ends in June, Alice's pensioner's in September; carol's ended before this year,
    // alice's Over 65 has no end, and the grant from next October is not ending.
    expect(all.grants.map((g) => [g.personId, g.kindName, g.endsOn])).toEqual([
      ['bob', 'Benefits', '2027-06-30'],
      ['alice', 'Pensioner', '2027-09-30'],
    ])
    expect((await ending(rep)).grants.map((g) => g.personId)).toEqual(['alice'])
  })

  it('ends a grant against its version, leaving the invoices made before as they were', async () => {
    const url = `/api/rent/concessions/${grants.aliceOver65!.id}/end`
    const ended = await send(t, committee, 'PUT', url, { endsOn: '2026-12-31', version: 1 })
    expect(ended.statusCode, ended.body).toBe(200)
    expect(ended.json()).toMatchObject({ endsOn: '2026-12-31', version: 2 })
    const stale = await send(t, committee, 'PUT', url, { endsOn: '2026-12-30', version: 1 })
    expect(stale.statusCode).toBe(409)
    const early = await send(t, committee, 'PUT', url, { endsOn: '2026-08-01', version: 2 })
    expect(early.statusCode).toBe(400)
    expect(early.json().detail).toBe(concessionMessages.endBeforeStart)
    expect((await invoiceOf('1', 'alice')).amount).toBe(2900)
  })

  it('applies a grant in force to a part-year invoice, and not one that has ended', async () => {
    on('2027-03-10')
    for (const [plot, person, kind, endsOn] of [
      ['3', 'dora', 'Benefits', null],
      ['4', 'ella', 'Benefits', '2027-02-28'],
    ] as const) {
      await createPlot(t, admin, plot, { fee: 24 })
      await createPerson(t, admin, person, { firstName: person, email: '' })
      await grant(person, kind, '2026-10-01', endsOn)
      const let_ = await send(t, admin, 'PUT', `/api/plots/${plot}/tenants/${person}`)
      expect(let_.statusCode, let_.body).toBe(200)
      const raised = await send(t, committee, 'POST', `/api/plots/${plot}/invoices`)
      expect(raised.statusCode, raised.body).toBe(201)
    }
    // March to September, 7 months of 12, of £24.00 less half and the water; ella's ended.
    const dora = await invoiceOf('3', 'dora')
    expect(dora.lines.slice(0, 3)).toEqual([
      { description: 'Rent', amount: 2400 },
      { description: 'Concession (Benefits): 50% off the rent', amount: -1200 },
      { description: 'Water', amount: 500 },
    ])
    expect(dora.amount).toBe(amountFor(1700, 7, 12))
    expect((await invoiceOf('4', 'ella')).amount).toBe(amountFor(2900, 7, 12))
  })
  it('takes a grant for one plot off that plot’s invoice only, and refuses a plot not theirs', async () => {
    on('2027-03-10')
    await createPerson(t, admin, 'fred', { firstName: 'fred', email: '' })
    for (const plot of ['5', '6']) {
      await createPlot(t, admin, plot, { fee: 24 })
      const let_ = await send(t, admin, 'PUT', `/api/plots/${plot}/tenants/fred`)
      expect(let_.statusCode, let_.body).toBe(200)
    }
    const url = '/api/people/fred/concessions'
    const body = { kindId: kinds.Benefits!.id, evidence: 'Neglected', startsOn: '2026-10-01' }
    const notTheirs = await send(t, committee, 'POST', url, { ...body, endsOn: null, plotId: '1' })
    expect(notTheirs.statusCode).toBe(400)
    expect(notTheirs.json().detail).toBe(concessionMessages.notTheirPlot('1'))
    const given = await send(t, committee, 'POST', url, { ...body, endsOn: null, plotId: '5' })
    expect(given.statusCode, given.body).toBe(201)
    expect(given.json()).toMatchObject({ plotId: '5', plotName: '5' })
    for (const plot of ['5', '6']) {
      const raised = await send(t, committee, 'POST', `/api/plots/${plot}/invoices`)
      expect(raised.statusCode, raised.body).toBe(201)
    }
    expect((await invoiceOf('5', 'fred')).amount).toBe(amountFor(1700, 7, 12))
    expect((await invoiceOf('6', 'fred')).amount).toBe(amountFor(2900, 7, 12))
  })
})
