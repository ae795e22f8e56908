import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Notice, RoundDetail, RoundSummary } from '#shared/schemas/inspections'
import type { LogEntry, LogPage } from '#shared/schemas/logs'
import type { MessageBatch, MessagePlan, SentMessage } from '#shared/schemas/messages'
import type { Plot } from '#shared/schemas/plot'
import { inspectionRecord, sendRecord } from '#tests/helpers/inspections'
import {
  createPerson,
  createPlot,
  createSite,
  lastLogId,
  logsAfter,
  send,
  sendMessage,
} from '#tests/helpers/records'
import { recordForm, siteWork, type SiteWork } from '#tests/helpers/site-work'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 46, item 2 for letters, the log and inspections (decision 50): each by site, and a
// representative of one site (limited by the administrator) reaching only its own. Site A is the
// first site (Alice holds its plot 1, Walt waits on its list); site B is Northfield (Bob holds
// its plot 1).

const draft = (audience: object) => ({
  audience,
  subject: 'Open day',
  body: 'Dear {firstName}, the open day is on Saturday.',
})

describe.each(engines)('letters, the log and inspections by site on %s', (engine) => {
  let t: TestApp
  let admin: string
  /** A committee member, and an administrator, limited to site A. */
  let rep: string
  let repAdmin: string
  let bSite: number
  let bPlot: Plot
  let a: SiteWork
  let b: SiteWork

  const get = <T>(cookie: string, url: string) =>
    send(t, cookie, 'GET', url).then((r) => r.json<T>())

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'admin')
    rep = await t.signInAs(3, 'repa')
    repAdmin = await t.signInAs(4, 'repadmin')
    bSite = (await createSite(t, admin, 'Northfield')).id
    await createPlot(t, admin, '1')
    bPlot = await createPlot(t, admin, '1', { siteId: bSite })
    await createPerson(t, admin, 'alice', { firstName: 'Alice', email: 'alice@example.org' })
    await createPerson(t, admin, 'bob', { firstName: 'Bob', email: 'bob@example.org' })
    await createPerson(t, admin, 'walt', { firstName: 'Walt', onWaitingList: true })
    for (const [plot, person] of [
      ['1', 'alice'],
      [bPlot.id, 'bob'],
    ])
      expect((await send(t, admin, 'PUT', `/api/plots/${plot}/tenants/${person}`)).statusCode).toBe(
        200,
      )
    a = await siteWork(t, admin, 1, '1')
    b = await siteWork(t, admin, bSite, bPlot.id)
    const accounts = (await send(t, admin, 'GET', '/api/accounts')).json<
      { id: string; userName: string }[]
    >()
    for (const name of ['repa', 'repadmin']) {
      const id = accounts.find((account) => account.userName === name)!.id
      const limited = await send(t, admin, 'PUT', `/api/accounts/${id}/sites`, { sites: [1] })
      expect(limited.statusCode, limited.body).toBe(200)
    }
  })
  afterAll(() => t.close())

  describe('letters', () => {
    it("offers a group of one site's plot holders, named for the site", async () => {
      const plan = await send(t, admin, 'POST', '/api/messages/plan', {
        ...draft({ kind: 'plotholders', siteId: bSite }),
      })
      expect(plan.statusCode, plan.body).toBe(200)
      expect(plan.json<MessagePlan>()).toMatchObject({ people: 1, sample: { personId: 'bob' } })
      const batches = await get<MessageBatch[]>(admin, '/api/messages')
      expect(batches.find((batch) => batch.id === b.batchId)!.audience).toBe(
        'All plot holders of Northfield',
      )
      const copies = await get<SentMessage[]>(admin, `/api/messages/${b.batchId}/copies`)
      expect(copies.map((copy) => copy.personId)).toEqual(['bob'])
    })

    it("records the sites of a message's people on it and in the log", async () => {
      const mark = await lastLogId(t)
      const sent = await sendMessage(t, admin, draft({ kind: 'plotholders' }))
      expect(sent.statusCode, sent.body).toBe(201)
      const [entry] = await logsAfter(t, mark)
      expect(entry).toMatchObject({ methodName: 'sendMessage', siteIds: `1,${bSite}` })
      const batch = await t.db.kysely
        .selectFrom('message_batches')
        .select('siteIds')
        .where('id', '=', sent.json<{ batchId: number }>().batchId)
        .executeTakeFirstOrThrow()
      expect(batch.siteIds).toBe(`1,${bSite}`)
    })

    it("lets a representative write to their site's people only", async () => {
      const own = await sendMessage(t, rep, draft({ kind: 'plotholders', siteId: 1 }))
      expect(own.statusCode, own.body).toBe(201)
      const waiting = await send(
        t,
        rep,
        'POST',
        '/api/messages/plan',
        draft({ kind: 'waitinglist' }),
      )
      expect(waiting.statusCode, waiting.body).toBe(200)
      const alice = await send(
        t,
        rep,
        'POST',
        '/api/messages/plan',
        draft({ kind: 'people', ids: ['alice'] }),
      )
      expect(alice.statusCode, alice.body).toBe(200)
      for (const audience of [
        { kind: 'plotholders' },
        { kind: 'plotholders', siteId: bSite },
        { kind: 'plot', plotId: bPlot.id },
        { kind: 'people', ids: ['alice', 'bob'] },
      ]) {
        const refused = await send(t, rep, 'POST', '/api/messages/plan', draft(audience))
        expect(refused.statusCode, JSON.stringify(audience)).toBe(403)
      }
    })

    it('logs a refused send and stores nothing', async () => {
      const mark = await lastLogId(t)
      const before = await t.db.kysely.selectFrom('message_batches').select('id').execute()
      const refused = await send(t, rep, 'POST', '/api/messages', {
        ...draft({ kind: 'plotholders', siteId: bSite }),
        confirmation: 'x',
      })
      expect(refused.statusCode).toBe(403)
      expect(await t.db.kysely.selectFrom('message_batches').select('id').execute()).toEqual(before)
      const logs = await logsAfter(t, mark)
      expect(logs).toHaveLength(1)
      expect(logs[0]).toMatchObject({ methodName: 'sendMessage', userName: 'repa' })
      expect(JSON.parse(logs[0]!.error)).toMatchObject({ status: 403 })
    })

    it("shows a representative the messages that went to their site's people only", async () => {
      const batches = await get<MessageBatch[]>(rep, '/api/messages')
      const ids = batches.map((batch) => batch.id)
      expect(ids).toContain(a.batchId)
      expect(ids).not.toContain(b.batchId)
      expect(batches.map((batch) => batch.audience)).not.toContain('All plot holders')
      const bOnly = await get<MessageBatch[]>(admin, `/api/messages?site=${bSite}`)
      expect(bOnly.map((batch) => batch.id)).toContain(b.batchId)
      expect(bOnly.map((batch) => batch.id)).not.toContain(a.batchId)
      expect((await send(t, rep, 'GET', `/api/messages?site=${bSite}`)).statusCode).toBe(403)
    })

    it("refuses a representative another site's message, its letters and its people's copies", async () => {
      for (const url of [
        `/api/messages/${b.batchId}/copies`,
        `/api/messages/${b.batchId}/letters.pdf`,
        `/api/messages/${b.batchId}/letters-for-everyone.pdf`,
        '/api/people/bob/messages',
      ])
        expect((await send(t, rep, 'GET', url)).statusCode, url).toBe(403)
      expect((await send(t, rep, 'GET', `/api/messages/${a.batchId}/copies`)).statusCode).toBe(200)
      const alice = await get<SentMessage[]>(rep, '/api/people/alice/messages')
      expect(alice.map((copy) => copy.batchId)).toContain(a.batchId)
    })
  })

  describe('the log', () => {
    it('names the sites each entry touched, and shows one site’s entries', async () => {
      const page = await get<LogPage>(admin, `/api/logs?site=${bSite}&pageSize=200`)
      expect(page.entries.length).toBeGreaterThan(0)
      expect(page.total).toBe(page.entries.length)
      for (const entry of page.entries) expect(entry.sites).toContain(bSite)
      const all = await get<LogPage>(admin, '/api/logs?pageSize=200')
      expect(all.entries.some((entry) => entry.sites.length === 0)).toBe(true)
      const created = all.entries.find(
        (entry) => entry.methodName === 'createPlot' && entry.docId === bPlot.id,
      )
      expect(created?.sites).toEqual([bSite])
    })

    it('matches a site by its whole id: site 1 is not in "12" or "21"', async () => {
      const entry = {
        timeStamp: new Date().toISOString(),
        userName: 'admin',
        methodName: 'siteMatch',
        eventCollection: 'test',
        value: 'null',
        error: 'null',
      }
      await t.db.kysely
        .insertInto('logs')
        .values(
          ['12', '21', '2,12', '1,12', '12,21,1'].map((siteIds) => ({
            ...entry,
            docId: siteIds,
            siteIds,
          })),
        )
        .execute()
      const docs = async (site: number) =>
        // A page size of its own: rows written straight to the table do not renew the list cache.
        (await get<LogPage>(admin, `/api/logs?site=${site}&pageSize=199`)).entries
          .filter((one) => one.methodName === 'siteMatch')
          .map((one) => one.docId)
          .sort()
      expect(await docs(1)).toEqual(['1,12', '12,21,1'])
      expect(await docs(12)).toEqual(['1,12', '12', '12,21,1', '2,12'])
      expect(await docs(2)).toEqual(['2,12'])
      expect(await docs(21)).toEqual(['12,21,1', '21'])
    })

    it("shows an administrator limited to a site only the entries naming it; another's by id is 403", async () => {
      const page = await get<LogPage>(repAdmin, '/api/logs?pageSize=200')
      expect(page.total).toBe(page.entries.length)
      expect(page.entries.length).toBeGreaterThan(0)
      for (const entry of page.entries) expect(entry.sites).toContain(1)
      const all = (await get<LogPage>(admin, '/api/logs?pageSize=200')).entries
      const bOnly = all.find((entry) => entry.sites.length === 1 && entry.sites[0] === bSite)!
      const none = all.find((entry) => entry.sites.length === 0)!
      const aOne = all.find((entry) => entry.sites.includes(1))!
      expect((await send(t, repAdmin, 'GET', `/api/logs/${bOnly.id}`)).statusCode).toBe(403)
      expect((await send(t, repAdmin, 'GET', `/api/logs/${none.id}`)).statusCode).toBe(403)
      const seen = await send(t, repAdmin, 'GET', `/api/logs/${aOne.id}`)
      expect(seen.statusCode).toBe(200)
      expect(seen.json<LogEntry>().sites).toEqual(aOne.sites)
      expect((await send(t, repAdmin, 'GET', `/api/logs?site=${bSite}`)).statusCode).toBe(403)
    })
  })

  describe('inspections', () => {
    it("walks one site's plots a round, and lists one site's rounds", async () => {
      const round = await get<RoundDetail>(admin, `/api/inspection-rounds/${b.roundId}`)
      expect(round.round.siteId).toBe(bSite)
      // Recorded by its key ("1-2"), shown by its name on the site ("1").
      expect(round.plots.map(({ id, name }) => ({ id, name }))).toEqual([
        { id: bPlot.id, name: '1' },
      ])
      expect(bPlot.id).not.toBe('1')
      const aRound = await get<RoundDetail>(admin, `/api/inspection-rounds/${a.roundId}`)
      expect(aRound.plots.map(({ id, name }) => ({ id, name }))).toEqual([{ id: '1', name: '1' }])
      const bRounds = await get<RoundSummary[]>(admin, `/api/inspection-rounds?site=${bSite}`)
      expect(bRounds.map((one) => one.id)).toEqual([b.roundId])
      const bNotices = await get<Notice[]>(admin, `/api/inspection-notices?site=${bSite}`)
      expect(bNotices.map((notice) => notice.id)).toEqual([b.noticeId])
    })

    it("refuses a record of another site's plot on a round", async () => {
      const refused = await sendRecord(t, admin, inspectionRecord(a.roundId, bPlot.id, 'Good'))
      expect(refused.statusCode).toBe(404)
    })

    it('starts a round on the first site when none is named, as with one site', async () => {
      const started = await send(t, rep, 'POST', '/api/inspection-rounds', {
        date: t.app.clock.today(),
        walkers: '',
      })
      expect(started.statusCode, started.body).toBe(201)
      expect(started.json<{ siteId: number }>().siteId).toBe(1)
    })

    it("shows a representative their site's rounds and notices only", async () => {
      const rounds = await get<RoundSummary[]>(rep, '/api/inspection-rounds')
      expect(rounds.map((one) => one.id)).toContain(a.roundId)
      expect(rounds.map((one) => one.id)).not.toContain(b.roundId)
      const notices = await get<Notice[]>(rep, '/api/inspection-notices')
      expect(notices.map((notice) => notice.id)).toEqual([a.noticeId])
      expect((await send(t, rep, 'GET', `/api/inspection-photos/${a.photoId}`)).statusCode).toBe(
        200,
      )
    })

    it("refuses a representative another site's round, records, photos and notices", async () => {
      for (const url of [
        `/api/inspection-rounds/${b.roundId}`,
        `/api/inspection-rounds/${b.roundId}/notices/preview`,
        `/api/inspection-photos/${b.photoId}`,
        `/api/inspection-rounds?site=${bSite}`,
        `/api/inspection-notices?site=${bSite}`,
      ])
        expect((await send(t, rep, 'GET', url)).statusCode, url).toBe(403)
      const resent = await sendRecord(t, rep, {
        ...inspectionRecord(b.roundId, bPlot.id, 'Needs work'),
        id: b.recordId,
        photoIds: [],
      })
      expect(resent.statusCode).toBe(403)
    })

    it('logs each refused change with the site it touched, changing nothing', async () => {
      const rounds = await t.db.kysely.selectFrom('inspection_rounds').selectAll().execute()
      const notices = await t.db.kysely.selectFrom('inspection_notices').selectAll().execute()
      const records = await t.db.kysely.selectFrom('inspections').select('id').execute()
      const attempts: [string, () => ReturnType<typeof send>][] = [
        [
          'startInspectionRound',
          () =>
            send(t, rep, 'POST', '/api/inspection-rounds', {
              siteId: bSite,
              date: t.app.clock.today(),
              walkers: '',
            }),
        ],
        [
          'recordInspection',
          () =>
            t.app.inject({
              method: 'POST',
              url: '/api/inspections',
              headers: { cookie: rep },
              payload: recordForm(b.roundId, bPlot.id),
            }),
        ],
        [
          'sendInspectionNotices',
          () =>
            send(t, rep, 'POST', `/api/inspection-rounds/${b.roundId}/notices`, {
              confirmation: 'x',
            }),
        ],
        [
          'pauseInspectionNotices',
          () =>
            send(t, rep, 'POST', `/api/inspection-notices/${b.noticeId}/pause`, { reason: 'Ill' }),
        ],
        [
          'resumeInspectionNotices',
          () => send(t, rep, 'POST', `/api/inspection-notices/${b.noticeId}/resume`),
        ],
      ]
      for (const [methodName, attempt] of attempts) {
        const mark = await lastLogId(t)
        const response = await attempt()
        expect(response.statusCode, `${methodName}: ${response.body}`).toBe(403)
        const logs = await logsAfter(t, mark)
        expect(
          logs.map((log) => [log.methodName, log.userName]),
          methodName,
        ).toEqual([[methodName, 'repa']])
        expect(logs[0]!.siteIds).toBe(String(bSite))
      }
      expect(await t.db.kysely.selectFrom('inspection_rounds').selectAll().execute()).toEqual(
        rounds,
      )
      expect(await t.db.kysely.selectFrom('inspection_notices').selectAll().execute()).toEqual(
        notices,
      )
      expect(await t.db.kysely.selectFrom('inspections').select('id').execute()).toEqual(records)
    })

    it('names the round’s site in the log of a record and a notice', async () => {
      const entries = await t.db.kysely
        .selectFrom('logs')
        .select(['methodName', 'siteIds'])
        .where('methodName', 'in', ['recordInspection', 'sendInspectionNotice'])
        .where('docId', '=', bPlot.id)
        .where('error', '=', 'null')
        .execute()
      expect(entries.map((entry) => entry.siteIds)).toEqual([String(bSite), String(bSite)])
    })
  })

  // Last: it adds plots, which the rounds above would otherwise walk.
  it("names one site's group for that site only, though its people hold plots elsewhere too", async () => {
    const aPlot = await createPlot(t, admin, '2')
    const bPlot2 = await createPlot(t, admin, '2', { siteId: bSite })
    await createPerson(t, admin, 'carol', { firstName: 'Carol', email: 'carol@example.org' })
    for (const plot of [aPlot.id, bPlot2.id])
      expect((await send(t, admin, 'PUT', `/api/plots/${plot}/tenants/carol`)).statusCode).toBe(200)
    const sitesOf = async (draftSent: Promise<{ json: <T>() => T }>) => {
      const { batchId } = (await draftSent).json<{ batchId: number }>()
      const batch = await t.db.kysely
        .selectFrom('message_batches')
        .select('siteIds')
        .where('id', '=', batchId)
        .executeTakeFirstOrThrow()
      return batch.siteIds
    }
    expect(
      await sitesOf(sendMessage(t, admin, draft({ kind: 'plotholders', siteId: bSite }))),
    ).toBe(String(bSite))
    expect(await sitesOf(sendMessage(t, admin, draft({ kind: 'people', ids: ['carol'] })))).toBe(
      `1,${bSite}`,
    )
  })
})
