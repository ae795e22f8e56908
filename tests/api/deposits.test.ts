import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultMerge } from '#shared/domain/people-merge'
import { depositMessages } from '#shared/messages/deposits'
import { serverMessages } from '#shared/messages/server'
import type { Deposit, DepositKind, DepositsHeld } from '#shared/schemas/deposits'
import type { MergePreview } from '#shared/schemas/people-merge'
import type { HistoryEvent } from '#shared/schemas/plot-history'
import {
  createPerson,
  createSite,
  expectRefused,
  lastLogId,
  limitAccount,
  logsAfter,
  send,
} from '#tests/helpers/records'
import { injected, tenantsWithPlots } from '#tests/helpers/deposit-tenants'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'
import { depositMovements, depositsHeldOn } from '#server/features/rent/deposits-sql'
import { EVERY_SITE } from '#server/core/site-scope'

// Issue 47, item 2 (decision 58): deposits of kinds (a key, a plot), taken from a tenant for
// their plot, held as money owed back (never an invoice), returned in part or in full or kept,
// with a reason; never below nought; on the person, in the plot's history, in the treasurer's
// list of those held, in the person's data, moved by a merge and kept, nameless, by an erasure.

const TODAY = '2026-11-02'

describe.each(engines)('deposits on %s', (engine) => {
  let t: TestApp
  let admin = ''
  let committee = ''
  let rep = ''
  let bPlot = ''
  const kinds: Record<string, DepositKind> = {}
  const deposits: Record<string, Deposit> = {}

  const take = async (personId: string, body: object, cookie = committee) => {
    const response = await send(t, cookie, 'POST', `/api/people/${personId}/deposits`, body)
    expect(response.statusCode, response.body).toBe(201)
    return response.json<Deposit>()
  }
  const entry = async (deposit: Deposit, body: object) => {
    const url = `/api/rent/deposits/${deposit.id}/entries`
    const response = await send(t, committee, 'POST', url, { version: deposit.version, ...body })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Deposit>()
  }
  const held = async (cookie = committee, date = '') => {
    const query = date ? `?date=${date}` : ''
    const response = await send(t, cookie, 'GET', `/api/rent/deposits/held${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<DepositsHeld>()
  }
  const entryCount = async () =>
    (await t.db.kysely.selectFrom('deposit_entries').select('id').execute()).length

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY } })
    admin = await t.signInAs(4, 'admin')
    committee = await t.signInAs(3, 'treasurer')
    rep = await t.signInAs(3, 'repa')
    const bSite = (await createSite(t, admin, 'Northfield')).id
    const plots = await tenantsWithPlots(injected(t, admin), [
      { id: 'alice', firstName: 'alice', lastName: 'Archer', plot: '1', plotFields: { fee: 40 } },
      { id: 'carol', firstName: 'carol', lastName: 'Cole', plot: '2', plotFields: { fee: 60 } },
      {
        id: 'bob',
        firstName: 'bob',
        lastName: 'Baker',
        plot: '9',
        plotFields: { fee: 50, siteId: bSite },
      },
    ])
    bPlot = plots.bob!
    await limitAccount(t, admin, 'repa', [1])
  })
  afterAll(() => t.close())

  it('keeps the kinds the administrator adds, versioned, the whole organisation’s', async () => {
    expect((await send(t, committee, 'GET', '/api/rent/deposit-kinds')).json()).toEqual([])
    for (const kind of [
      { name: 'Key', amount: 5000 },
      { name: 'Plot', amount: 2500 },
    ]) {
      const added = await send(t, admin, 'POST', '/api/rent/deposit-kinds', kind)
      expect(added.statusCode, added.body).toBe(201)
      kinds[kind.name] = added.json()
    }
    const mark = await lastLogId(t)
    const changed = await send(t, admin, 'PUT', `/api/rent/deposit-kinds/${kinds.Key!.id}`, {
      name: 'Key',
      amount: 5500,
      version: 1,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    kinds.Key = changed.json()
    expect(kinds.Key).toMatchObject({ amount: 5500, version: 2 })
    expect(await logsAfter(t, mark)).toEqual([
      expect.objectContaining({ methodName: 'updateDepositKind', userName: 'admin' }),
    ])
    const stale = await send(t, admin, 'PUT', `/api/rent/deposit-kinds/${kinds.Key!.id}`, {
      name: 'Gate key',
      amount: 5500,
      version: 1,
    })
    expect(stale.statusCode).toBe(409)
    const kind = { name: 'Shed', amount: 1000 }
    for (const cookie of [committee, rep])
      expect((await send(t, cookie, 'POST', '/api/rent/deposit-kinds', kind)).statusCode).toBe(403)
  })

  it('takes a deposit from a tenant, the kind’s amount by default, by the account, logged', async () => {
    const mark = await lastLogId(t)
    deposits.aliceKey = await take('alice', {
      kindId: kinds.Key!.id,
      plotId: '1',
      date: '2026-10-01',
      method: 'cash',
    })
    expect(deposits.aliceKey).toMatchObject({
      personId: 'alice',
      kindName: 'Key',
      plotId: '1',
      plotName: '1',
      taken: 5500,
      held: 5500,
      version: 1,
      entries: [
        { kind: 'taken', date: '2026-10-01', amount: 5500, method: 'cash', createdBy: 'treasurer' },
      ],
    })
    const [logged] = await logsAfter(t, mark)
    expect(logged).toMatchObject({
      methodName: 'takeDeposit',
      eventCollection: 'deposits',
      docId: String(deposits.aliceKey.id),
      userName: 'treasurer',
      error: 'null',
      siteIds: '1',
    })
    deposits.alicePlot = await take('alice', {
      kindId: kinds.Plot!.id,
      plotId: '1',
      date: '2026-10-01',
      amount: 3000,
      method: 'transfer',
    })
    expect(deposits.alicePlot).toMatchObject({ taken: 3000, held: 3000 })
    deposits.carolKey = await take('carol', {
      kindId: kinds.Key!.id,
      plotId: '2',
      date: '2026-10-05',
      method: 'cheque',
    })
    deposits.bobKey = await take('bob', {
      kindId: kinds.Key!.id,
      plotId: bPlot,
      date: '2026-10-06',
      method: 'cash',
    })
    // Not an invoice, and nothing in the ledger.
    expect(await t.db.kysely.selectFrom('invoices').select('id').execute()).toEqual([])
    expect(await t.db.kysely.selectFrom('ledger').select('id').execute()).toEqual([])
    const log = { userName: 'treasurer', eventCollection: 'deposits' }
    await expectRefused(
      t,
      committee,
      log,
      'POST',
      '/api/people/alice/deposits',
      { kindId: kinds.Key!.id, plotId: '2', date: '2026-10-01', method: 'cash' },
      400,
      depositMessages.notTenant('alice Archer', '2'),
      'takeDeposit',
    )
    await expectRefused(
      t,
      committee,
      log,
      'POST',
      '/api/people/alice/deposits',
      { kindId: kinds.Key!.id, plotId: '1', date: '2026-11-03', method: 'cash' },
      400,
      depositMessages.dateInFuture,
      'takeDeposit',
    )
  })

  it('returns part with a reason, keeps the rest, and refuses more than is held', async () => {
    const before = await entryCount()
    const over = await send(
      t,
      committee,
      'POST',
      `/api/rent/deposits/${deposits.aliceKey!.id}/entries`,
      {
        kind: 'returned',
        date: '2026-10-20',
        amount: 5600,
        method: 'cash',
        reason: 'Key returned',
        version: 1,
      },
    )
    expect(over.statusCode).toBe(400)
    expect(over.json().detail).toBe(depositMessages.overHeld('£56.00', '£55.00'))
    expect(await entryCount()).toBe(before)

    const mark = await lastLogId(t)
    deposits.aliceKey = await entry(deposits.aliceKey!, {
      kind: 'returned',
      date: '2026-10-20',
      amount: 4000,
      method: 'cash',
      reason: 'Key returned damaged',
    })
    expect(deposits.aliceKey).toMatchObject({ returned: 4000, held: 1500, version: 2 })
    expect(await logsAfter(t, mark)).toEqual([
      expect.objectContaining({
        methodName: 'returnDeposit',
        docId: String(deposits.aliceKey.id),
        error: 'null',
        siteIds: '1',
      }),
    ])
    // The version read is checked: a second screen's return of the same is refused.
    const stale = await send(
      t,
      committee,
      'POST',
      `/api/rent/deposits/${deposits.aliceKey.id}/entries`,
      {
        kind: 'returned',
        date: '2026-10-20',
        amount: 1000,
        method: 'cash',
        reason: 'Key returned',
        version: 1,
      },
    )
    expect(stale.statusCode).toBe(409)
    // Kept: the part not returned, with why; then nothing more can go.
    deposits.aliceKey = await entry(deposits.aliceKey, {
      kind: 'kept',
      date: '2026-10-21',
      amount: 1500,
      method: 'cash',
      reason: 'New lock fitted',
    })
    expect(deposits.aliceKey).toMatchObject({ kept: 1500, held: 0 })
    expect(deposits.aliceKey.entries.at(-1)).toMatchObject({ kind: 'kept', method: null })
    const nothingLeft = await send(
      t,
      committee,
      'POST',
      `/api/rent/deposits/${deposits.aliceKey.id}/entries`,
      {
        kind: 'kept',
        date: '2026-10-22',
        amount: 1,
        method: null,
        reason: 'Key not returned',
        version: deposits.aliceKey.version,
      },
    )
    expect(nothingLeft.statusCode).toBe(400)
    expect(nothingLeft.json().detail).toBe(depositMessages.overHeld('£0.01', '£0.00'))
    // Carol's: £1 back on the 10th; then one dated before it, or without a reason, is refused.
    deposits.carolKey = await entry(deposits.carolKey!, {
      kind: 'returned',
      date: '2026-10-10',
      amount: 100,
      method: 'cash',
      reason: 'Overpaid',
    })
    for (const [body, detail] of [
      [{ date: '2026-10-08', reason: 'Left' }, depositMessages.dateBeforeLast('2026-10-10')],
      [{ date: '2026-10-22', reason: ' ' }, depositMessages.reasonRequired],
    ] as const) {
      const url = `/api/rent/deposits/${deposits.carolKey.id}/entries`
      const refused = await send(t, committee, 'POST', url, {
        kind: 'returned',
        amount: 100,
        method: 'cash',
        version: deposits.carolKey.version,
        ...body,
      })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().detail).toBe(detail)
    }
  })

  it('returns a deposit in full when the tenancy ends, and lists it on the person', async () => {
    const ended = await send(t, committee, 'DELETE', '/api/plots/2/tenants/carol')
    expect(ended.statusCode, ended.body).toBe(200)
    // A former tenant's deposit is still on their page, to be given back.
    const listed = await send(t, committee, 'GET', '/api/people/carol/deposits')
    expect(listed.statusCode, listed.body).toBe(200)
    const [carolKey] = listed.json<Deposit[]>()
    expect(carolKey).toMatchObject({ id: deposits.carolKey!.id, held: 5400 })
    deposits.carolKey = await entry(carolKey!, {
      kind: 'returned',
      date: '2026-10-31',
      amount: 5400,
      method: 'cheque',
      reason: 'Tenancy ended, key handed back',
    })
    expect(deposits.carolKey).toMatchObject({ taken: 5500, returned: 5500, held: 0 })
    expect(
      (await send(t, committee, 'GET', '/api/people/alice/deposits'))
        .json<Deposit[]>()
        .map((d) => [d.kindName, d.held]),
    ).toEqual([
      ['Plot', 3000],
      ['Key', 0],
    ])
  })

  it('refuses a representative of one site another’s deposits, and logs the attempt', async () => {
    expect((await send(t, rep, 'GET', '/api/people/bob/deposits')).statusCode).toBe(403)
    const log = { userName: 'repa', eventCollection: 'deposits' }
    for (const [method, url, body, methodName] of [
      [
        'POST',
        '/api/people/bob/deposits',
        { kindId: kinds.Key!.id, plotId: bPlot, date: TODAY, method: 'cash' },
        'takeDeposit',
      ],
      [
        'POST',
        `/api/rent/deposits/${deposits.bobKey!.id}/entries`,
        {
          kind: 'returned',
          date: TODAY,
          amount: 5500,
          method: 'cash',
          reason: 'Key back',
          version: 1,
        },
        'returnDeposit',
      ],
    ] as const) {
      const before = await entryCount()
      const { logs } = await expectRefused(
        t,
        rep,
        log,
        method,
        url,
        body,
        403,
        serverMessages.noAccess,
        methodName,
      )
      expect(logs[0]!.siteIds).toBe('2')
      expect(await entryCount()).toBe(before)
    }
    // Their own site's they see, and the deposits held on it only.
    expect((await held(rep)).deposits.map((d) => d.personId)).toEqual(['alice'])
  })

  it('lists the deposits held for the treasurer, with their total, at the end of any day', async () => {
    const now = await held()
    expect(now).toMatchObject({ date: TODAY, total: 3000 + 5500 })
    expect(now.deposits.map((d) => [d.personName, d.kindName, d.plotName, d.held])).toEqual([
      ['alice Archer', 'Plot', '1', 3000],
      ['bob Baker', 'Key', '9', 5500],
    ])
    // On 20 October: alice's key less what was returned that day, carol's less the 10th's £1.
    const then = await held(committee, '2026-10-20')
    expect(then.total).toBe(1500 + 3000 + 5400 + 5500)
    // The accounts' own reading: the same, and what moved in October.
    expect(await depositsHeldOn(t.db.kysely, '2026-10-20', EVERY_SITE)).toEqual(then)
    const october = await depositMovements(t.db.kysely, '2026-10-01', '2026-10-31', EVERY_SITE)
    expect(october).toMatchObject({
      taken: 5500 + 3000 + 5500 + 5500,
      returned: 4000 + 100 + 5400,
      kept: 1500,
    })
    expect(
      (await depositMovements(t.db.kysely, '2026-10-01', '2026-10-31', { sites: [2] })).taken,
    ).toBe(5500)
  })

  it('shows each deposit taken, returned and kept in the plot’s history', async () => {
    const history = (await send(t, committee, 'GET', '/api/plots/1/history')).json<HistoryEvent[]>()
    const deposits = history.filter((event) => event.kind === 'deposit')
    expect(deposits.map((event) => [event.at, event.title])).toEqual([
      ['2026-10-21', 'Key deposit: £15.00 kept'],
      ['2026-10-20', 'Key deposit: £40.00 returned to alice Archer'],
      ['2026-10-01', 'Key deposit of £55.00 taken from alice Archer'],
      ['2026-10-01', 'Plot deposit of £30.00 taken from alice Archer'],
    ])
    expect(deposits[0]!.detail).toBe('New lock fitted. Recorded by treasurer.')
  })

  it('puts the deposits in the person’s data download', async () => {
    const response = await send(t, committee, 'GET', '/api/people/alice/personal-data')
    expect(response.statusCode, response.body).toBe(200)
    const files = unzipSync(new Uint8Array(response.rawPayload))
    const data = JSON.parse(strFromU8(files['data.json']!))
    expect(data.deposits).toEqual([
      expect.objectContaining({ kindName: 'Plot', held: 3000 }),
      expect.objectContaining({ kindName: 'Key', held: 0, entries: expect.any(Array) }),
    ])
  })

  it('moves the deposits of a merged record to the kept one', async () => {
    await createPerson(t, admin, 'alice2', { firstName: 'alice', lastName: 'Archer', email: '' })
    const shown = (
      await send(t, committee, 'GET', '/api/people-merge?kept=alice2&merged=alice')
    ).json<MergePreview>()
    const merged = await send(t, committee, 'POST', '/api/people-merge', {
      keptId: 'alice2',
      mergedId: 'alice',
      keptVersion: shown.kept.version,
      mergedVersion: shown.merged.version,
      fields: defaultMerge(shown.kept, shown.merged),
    })
    expect(merged.statusCode, merged.body).toBe(200)
    const moved = (await send(t, committee, 'GET', '/api/people/alice2/deposits')).json<Deposit[]>()
    expect(moved.map((d) => d.id).sort()).toEqual(
      [deposits.aliceKey!.id, deposits.alicePlot!.id].sort(),
    )
  })

  it('keeps the money of an erased person’s deposits, not who they were', async () => {
    const ended = await send(t, committee, 'DELETE', '/api/plots/1/tenants/alice2')
    expect(ended.statusCode, ended.body).toBe(200)
    const blocked = await send(t, committee, 'GET', '/api/people/alice2/erasure')
    expect(blocked.json().blockers).toEqual([depositMessages.heldBlocksErasure('£30.00')])
    const plot = deposits.alicePlot!
    const latest = (await send(t, committee, 'GET', '/api/people/alice2/deposits'))
      .json<Deposit[]>()
      .find((d) => d.id === plot.id)!
    await entry(latest, {
      kind: 'returned',
      date: TODAY,
      amount: 3000,
      method: 'transfer',
      reason: 'Returned to alice Archer by transfer',
    })
    const erased = await send(t, committee, 'POST', '/api/people/alice2/erasure')
    expect(erased.statusCode, erased.body).toBe(200)
    const rows = await t.db.kysely
      .selectFrom('deposits')
      .selectAll()
      .where('id', 'in', [deposits.aliceKey!.id, plot.id])
      .execute()
    expect(rows.map((row) => row.personId)).toEqual([
      expect.stringMatching(/^former-/),
      expect.stringMatching(/^former-/),
    ])
    const entries = await t.db.kysely
      .selectFrom('deposit_entries')
      .selectAll()
      .where('depositId', '=', plot.id)
      .orderBy('id')
      .execute()
    expect(entries.map((e) => [e.kind, e.date, e.amount])).toEqual([
      ['taken', '2026-10-01', 3000],
      ['returned', TODAY, 3000],
    ])
    expect(entries[1]!.reason).not.toContain('alice Archer')
  })
})
