import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keyMessages } from '#shared/messages/keys'
import { serverMessages } from '#shared/messages/server'
import type { Deposit } from '#shared/schemas/deposits'
import type { Key, KeyHolding } from '#shared/schemas/keys'
import {
  createSite,
  expectRefused,
  lastLogId,
  limitAccount,
  linkAccount,
  logsAfter,
  send,
} from '#tests/helpers/records'
import { depositKind, injected, tenantsWithPlots } from '#tests/helpers/deposit-tenants'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 48, item 4 (decision 64): a site's keys by number and kind, handed over with a deposit
// (decision 58) or none, returned with it given back, lost with it kept; listed on the person,
// their tenancy's ending and My allotment; a representative reaches only their sites' keys.

const TODAY = '2026-11-02'

describe.each(engines)('keys on %s', (engine) => {
  let t: TestApp
  let admin = ''
  let committee = ''
  let rep = ''
  let member = ''
  let bSite = 0
  let bPlot = ''
  let keyKind = 0
  const keys: Record<string, Key> = {}

  const addKey = async (body: object, cookie = committee) => {
    const response = await send(t, cookie, 'POST', '/api/keys', body)
    expect(response.statusCode, response.body).toBe(201)
    return response.json<Key>()
  }
  const change = async (key: Key, action: string, body: object) => {
    const url = `/api/keys/${key.id}/${action}`
    const response = await send(t, committee, 'POST', url, { version: key.version, ...body })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Key>()
  }
  const keysOf = async (personId: string, cookie = committee) => {
    const response = await send(t, cookie, 'GET', `/api/people/${personId}/keys`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<KeyHolding[]>()
  }
  const depositsOf = async (personId: string) =>
    (await send(t, committee, 'GET', `/api/people/${personId}/deposits`)).json<Deposit[]>()

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY } })
    admin = await t.signInAs(4, 'admin')
    committee = await t.signInAs(3, 'secretary')
    rep = await t.signInAs(3, 'repa')
    member = await t.signInAs(1, 'alicem')
    bSite = (await createSite(t, admin, 'Northfield')).id
    const call = injected(t, admin)
    const plots = await tenantsWithPlots(call, [
      { id: 'alice', firstName: 'alice', lastName: 'Archer', plot: '1' },
      { id: 'bob', firstName: 'bob', lastName: 'Baker', plot: '9', plotFields: { siteId: bSite } },
    ])
    bPlot = plots.bob!
    await limitAccount(t, admin, 'repa', [1])
    await linkAccount(t, admin, 'alicem', 'alice')
    keyKind = await depositKind(call, 'Key', 5500)
  })
  afterAll(() => t.close())

  it('keeps a site’s keys by number and kind, a number once a site, each addition logged', async () => {
    const mark = await lastLogId(t)
    keys.gate = await addKey({ siteId: 1, number: 'G12', kind: 'gate', note: 'Main gate' })
    keys.shed = await addKey({ siteId: 1, number: 'S3', kind: 'shed' })
    keys.bGate = await addKey({ siteId: bSite, number: 'G12', kind: 'gate' })
    expect(keys.gate).toMatchObject({ number: 'G12', kind: 'gate', version: 1, holding: null })
    expect((await logsAfter(t, mark)).map((log) => [log.methodName, log.siteIds])).toEqual([
      ['addKey', '1'],
      ['addKey', '1'],
      ['addKey', String(bSite)],
    ])
    await expectRefused(
      t,
      committee,
      { userName: 'secretary', eventCollection: 'keys' },
      'POST',
      '/api/keys',
      { siteId: 1, number: 'g12 ', kind: 'store' },
      400,
      keyMessages.numberTaken('g12', 'Riverside Allotment Association'),
      'addKey',
    )
    const listed = (await send(t, committee, 'GET', '/api/keys?site=1')).json<Key[]>()
    expect(listed.map((key) => key.number)).toEqual(['G12', 'S3'])
  })

  it('hands a key over with its deposit, on the key, the person and My allotment', async () => {
    const mark = await lastLogId(t)
    keys.gate = await change(keys.gate!, 'hand-over', {
      personId: 'alice',
      date: '2026-10-01',
      deposit: { kindId: keyKind, plotId: '1', method: 'cash' },
    })
    expect(keys.gate.version).toBe(2)
    expect(keys.gate.holding).toMatchObject({
      personId: 'alice',
      personName: 'alice Archer',
      handedOn: '2026-10-01',
      endedOn: null,
      deposit: { kindName: 'Key', plotId: '1', held: 5500 },
    })
    expect(await logsAfter(t, mark)).toEqual([
      expect.objectContaining({ methodName: 'handOverKey', userName: 'secretary', siteIds: '1' }),
    ])
    const [deposit] = await depositsOf('alice')
    expect(deposit).toMatchObject({ kindName: 'Key', held: 5500, plotId: '1' })
    expect((await keysOf('alice')).map((h) => [h.number, h.handedOn, h.endedOn])).toEqual([
      ['G12', '2026-10-01', null],
    ])
    const mine = await send(t, member, 'GET', '/api/me/keys')
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json<KeyHolding[]>().map((h) => [h.number, h.kind])).toEqual([['G12', 'gate']])
    // A key held is handed to nobody else, and a stale version changes nothing.
    await expectRefused(
      t,
      committee,
      { userName: 'secretary', eventCollection: 'keys' },
      'POST',
      `/api/keys/${keys.gate.id}/hand-over`,
      { version: keys.gate.version, personId: 'bob', date: TODAY },
      400,
      keyMessages.alreadyHeld('G12', 'alice Archer'),
      'handOverKey',
    )
    const stale = await send(t, committee, 'POST', `/api/keys/${keys.shed!.id}/hand-over`, {
      version: 7,
      personId: 'alice',
      date: TODAY,
    })
    expect(stale.statusCode).toBe(409)
  })

  it('hands over a key without a deposit, and refuses a deposit for a plot on another site', async () => {
    await expectRefused(
      t,
      committee,
      { userName: 'secretary', eventCollection: 'keys' },
      'POST',
      `/api/keys/${keys.bGate!.id}/hand-over`,
      {
        version: 1,
        personId: 'alice',
        date: TODAY,
        deposit: { kindId: keyKind, plotId: '1', method: 'cash' },
      },
      400,
      keyMessages.depositOtherSite('1'),
      'handOverKey',
    )
    keys.shed = await change(keys.shed!, 'hand-over', { personId: 'alice', date: TODAY })
    expect(keys.shed.holding).toMatchObject({ personId: 'alice', deposit: null })
  })

  it('lists the keys still held on the ending of the tenancy, then the key returned and its deposit refunded', async () => {
    const ended = await send(t, committee, 'POST', '/api/plots/1/tenants/alice/end', {
      endedOn: TODAY,
      reason: 'gaveUp',
    })
    expect(ended.statusCode, ended.body).toBe(200)
    // The former tenant, on no site now, still has their keys listed, to come back.
    const outstanding = (await keysOf('alice')).filter((h) => h.endedOn === null)
    expect(outstanding.map((h) => h.number).sort()).toEqual(['G12', 'S3'])
    await expectRefused(
      t,
      committee,
      { userName: 'secretary', eventCollection: 'keys' },
      'POST',
      `/api/keys/${keys.gate!.id}/return`,
      { version: keys.gate!.version, date: '2026-09-30' },
      400,
      keyMessages.endBeforeHanded('2026-10-01'),
      'returnKey',
    )
    const mark = await lastLogId(t)
    keys.gate = await change(keys.gate!, 'return', {
      date: TODAY,
      refund: { amount: 5500, method: 'transfer' },
    })
    expect(keys.gate.holding).toBeNull()
    expect(await logsAfter(t, mark)).toEqual([
      expect.objectContaining({ methodName: 'returnKey', siteIds: '1' }),
    ])
    const [deposit] = await depositsOf('alice')
    expect(deposit!.held).toBe(0)
    expect(deposit!.entries.map((e) => [e.kind, e.amount, e.method, e.reason])).toEqual([
      ['taken', 5500, 'cash', ''],
      ['returned', 5500, 'transfer', keyMessages.returnedReason],
    ])
    expect((await keysOf('alice')).find((h) => h.number === 'G12')).toMatchObject({
      endedOn: TODAY,
      outcome: 'returned',
    })
    const mine = (await send(t, member, 'GET', '/api/me/keys')).json<KeyHolding[]>()
    expect(mine.map((h) => h.number)).toEqual(['S3'])
  })

  it('records a key lost with a charge, or its deposit kept for it', async () => {
    keys.shed = await change(keys.shed!, 'lost', { date: TODAY, charge: 1500, note: 'Dropped' })
    expect((await keysOf('alice')).find((h) => h.number === 'S3')).toMatchObject({
      outcome: 'lost',
      charge: 1500,
      note: 'Dropped',
    })
    keys.bGate = await change(keys.bGate!, 'hand-over', {
      personId: 'bob',
      date: TODAY,
      deposit: { kindId: keyKind, plotId: bPlot, method: 'cash' },
    })
    await expectRefused(
      t,
      committee,
      { userName: 'secretary', eventCollection: 'keys' },
      'POST',
      `/api/keys/${keys.shed.id}/lost`,
      { version: keys.shed.version, date: TODAY, kept: 100 },
      400,
      keyMessages.notHeld('S3'),
      'loseKey',
    )
    keys.bGate = await change(keys.bGate, 'lost', { date: TODAY, kept: 5500 })
    const [deposit] = await depositsOf('bob')
    expect(deposit!.entries.map((e) => [e.kind, e.amount, e.reason])).toEqual([
      ['taken', 5500, ''],
      ['kept', 5500, keyMessages.lostReason],
    ])
  })

  it('lets a representative see and change only their sites’ keys', async () => {
    const listed = (await send(t, rep, 'GET', '/api/keys')).json<Key[]>()
    expect(listed.map((key) => key.siteId)).toEqual([1, 1])
    expect((await send(t, rep, 'GET', `/api/keys?site=${bSite}`)).statusCode).toBe(403)
    await expectRefused(
      t,
      rep,
      { userName: 'repa', eventCollection: 'keys' },
      'POST',
      `/api/keys/${keys.bGate!.id}/hand-over`,
      { version: keys.bGate!.version, personId: 'bob', date: TODAY },
      403,
      serverMessages.noAccess,
      'handOverKey',
    )
    expect((await send(t, rep, 'GET', '/api/people/bob/keys')).statusCode).toBe(403)
  })

  it('puts the keys in the person’s data, and keeps the key’s history without them when erased', async () => {
    const response = await send(t, committee, 'GET', '/api/people/alice/personal-data')
    expect(response.statusCode, response.body).toBe(200)
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(response.rawPayload))['data.json']!))
    expect(data.keys.map((h: KeyHolding) => [h.number, h.outcome])).toEqual([
      ['S3', 'lost'],
      ['G12', 'returned'],
    ])
    const erased = await send(t, committee, 'POST', '/api/people/alice/erasure')
    expect(erased.statusCode, erased.body).toBe(200)
    const rows = await t.db.kysely.selectFrom('key_holdings').selectAll().orderBy('id').execute()
    expect(rows.map((row) => [row.keyId, row.handedOn, row.endedOn])).toEqual([
      [keys.gate!.id, '2026-10-01', TODAY],
      [keys.shed!.id, TODAY, TODAY],
      [keys.bGate!.id, TODAY, TODAY],
    ])
    expect(rows.slice(0, 2).map((row) => row.personId)).toEqual([
      expect.stringMatching(/^former-/),
      expect.stringMatching(/^former-/),
    ])
  })
})
