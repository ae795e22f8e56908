import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '#shared/domain/rent'
import { inspectionMessages } from '#shared/messages/inspections'
import { offerMessages } from '#shared/messages/offers'
import type { Account } from '#shared/schemas/account'
import type {
  InspectionStandards,
  Notice,
  RoundDetail,
  SiteInspectionSettings,
} from '#shared/schemas/inspections'
import type {
  LettingOffers,
  Offer,
  SiteLettingSettings,
  WaitingListEvent,
} from '#shared/schemas/letting'
import { inspectionRecord, previewNotices, sendRecord } from '#tests/helpers/inspections'
import {
  createPerson,
  createPlot,
  createSite,
  lastLogId,
  logsAfter,
  personInput,
  send,
  snapshot,
} from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 46, item 2 for letting and inspections (decision 53): a site offers its plots, and judges
// them, by its own settings where it has them and by the organisation's where it has none; a
// limited administrator sets their own sites' only.

const TODAY = '2026-06-01'

/** Northfield's own way of offering: a week to answer, and declining costs one's place. */
const B_OFFERS: LettingOffers = { offerDays: 7, declineGoesToEnd: true }

/** Northfield's own standards: two grades of its own, ten days to put right, two months' notice. */
const B_STANDARDS: InspectionStandards = {
  grades: [
    { name: 'Tidy', needsNotice: false },
    { name: 'Overgrown', needsNotice: true },
  ],
  daysToPutRight: 10,
  noticeMonths: 2,
  repeat: { notices: 1, years: 1 },
}

describe.each(engines)("a site's own letting and inspection settings on %s", (engine) => {
  let t: TestApp
  let admin: string
  let limitedAdmin: string
  let bSite: number
  /** Vacant plots to offer, one on each site, and let plots to inspect. */
  const plots = { aVacant: '', bVacant: '', aLet: '', bLet: '' }
  /** Each site's vacant plot is "1" (site B's keyed "1-2"); the history names it so. */
  const VACANT_NAME = '1'

  const letting = (site: number) => `/api/letting/settings/sites/${site}`
  const inspections = (site: number) => `/api/inspections/settings/sites/${site}`

  async function limit(userName: string, sites: number[]) {
    const accounts = (await send(t, admin, 'GET', '/api/accounts')).json<Account[]>()
    const account = accounts.find((one) => one.userName === userName)!
    const limited = await send(t, admin, 'PUT', `/api/accounts/${account.id}/sites`, { sites })
    expect(limited.statusCode, limited.body).toBe(200)
  }

  async function offer(plotId: string, personId: string): Promise<Offer> {
    const made = await send(t, admin, 'POST', '/api/offers', { plotId, personId, reason: '' })
    expect(made.statusCode, made.body).toBe(201)
    return made.json<Offer>()
  }

  async function declined(made: Offer): Promise<string> {
    const answer = { answer: 'decline' }
    const answered = await send(t, admin, 'POST', `/api/offers/${made.id}/answer`, answer)
    expect(answered.statusCode, answered.body).toBe(200)
    const history = await send(t, admin, 'GET', `/api/people/${made.personId}/waiting-list-history`)
    return history.json<WaitingListEvent[]>().at(-1)!.reason
  }

  /** A round of the site's let plot, graded, its notice sent: the notice, and the round's page. */
  async function inspect(siteId: number, plotId: string, grade: string) {
    const started = await send(t, admin, 'POST', '/api/inspection-rounds', {
      siteId,
      date: TODAY,
      walkers: '',
    })
    expect(started.statusCode, started.body).toBe(201)
    const roundId = started.json<{ id: number }>().id
    const record = inspectionRecord(roundId, plotId, grade, {
      recordedAt: t.app.config.clock().toISOString(),
    })
    const recorded = await sendRecord(t, admin, record)
    expect(recorded.statusCode, recorded.body).toBe(201)
    const { confirmation } = await previewNotices(t, admin, roundId)
    const sent = await send(t, admin, 'POST', `/api/inspection-rounds/${roundId}/notices`, {
      confirmation,
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const notices = (await send(t, admin, 'GET', '/api/inspection-notices')).json<Notice[]>()
    const page = await send(t, admin, 'GET', `/api/inspection-rounds/${roundId}`)
    return {
      roundId,
      notice: notices.find((one) => one.roundId === roundId),
      grades: page.json<RoundDetail>().grades.map((one) => one.name),
    }
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY } })
    admin = await t.signInAs(4, 'admin')
    limitedAdmin = await t.signInAs(4, 'adminb')
    bSite = (await createSite(t, admin, 'Northfield')).id
    plots.aVacant = (await createPlot(t, admin, '1')).id
    plots.aLet = (await createPlot(t, admin, '2')).id
    plots.bVacant = (await createPlot(t, admin, '1', { siteId: bSite })).id
    plots.bLet = (await createPlot(t, admin, '2', { siteId: bSite })).id
    // Ann waits on the first site's list, Ben on Northfield's; Alf and Bea hold a plot on each.
    await createPerson(t, admin, 'ann', { onWaitingList: true, email: '' })
    const ben = { ...personInput('ben', { email: '' }), onWaitingList: true }
    const added = await send(t, admin, 'POST', `/api/people?site=${bSite}`, ben)
    expect(added.statusCode, added.body).toBe(201)
    await createPerson(t, admin, 'alf', { email: '' })
    await createPerson(t, admin, 'bea', { email: '' })
    for (const [plot, person] of [
      [plots.aLet, 'alf'],
      [plots.bLet, 'bea'],
    ]) {
      const let_ = await send(t, admin, 'PUT', `/api/plots/${plot}/tenants/${person}`)
      expect(let_.statusCode, let_.body).toBe(200)
    }
    await limit('adminb', [bSite])
  })
  afterAll(() => t.close())

  it("offers a site's plots its own way, logged against the site, and another site's the organisation's", async () => {
    const unset = await send(t, admin, 'GET', letting(bSite))
    expect(unset.statusCode, unset.body).toBe(200)
    expect(unset.json()).toEqual({ offers: null, version: 0 })
    const mark = await lastLogId(t)
    const saved = await send(t, admin, 'PUT', letting(bSite), { offers: B_OFFERS, version: 0 })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ offers: B_OFFERS, version: 1 })
    const logs = await logsAfter(t, mark)
    expect(logs.map((log) => [log.methodName, log.siteIds, log.error])).toEqual([
      ['updateSiteLettingSettings', String(bSite), 'null'],
    ])

    const onB = await offer(plots.bVacant, 'ben')
    expect(onB.deadline).toBe(addDays(TODAY, 7))
    expect(await declined(onB)).toBe(offerMessages.declinedReason(VACANT_NAME, true))
    // The first site keeps the organisation's: a fortnight, and one's place kept.
    const onA = await offer(plots.aVacant, 'ann')
    expect(onA.deadline).toBe(addDays(TODAY, 14))
    expect(await declined(onA)).toBe(offerMessages.declinedReason(VACANT_NAME, false))
  })

  it("offers a site's plots the organisation's way again once it clears its own", async () => {
    const cleared = await send(t, admin, 'PUT', letting(bSite), { offers: null, version: 1 })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect(cleared.json()).toEqual({ offers: null, version: 2 })
    const onB = await offer(plots.bVacant, 'ben')
    expect(onB.deadline).toBe(addDays(TODAY, 14))
    expect(await declined(onB)).toBe(offerMessages.declinedReason(VACANT_NAME, false))
  })

  it("judges a site's plots by its own standards, and another site's by the organisation's", async () => {
    const unset = await send(t, admin, 'GET', inspections(bSite))
    expect(unset.json()).toEqual({ standards: null, version: 0 })
    const mark = await lastLogId(t)
    const body: SiteInspectionSettings = { standards: B_STANDARDS, version: 0 }
    const saved = await send(t, admin, 'PUT', inspections(bSite), body)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toEqual({ standards: B_STANDARDS, version: 1 })
    const logs = await logsAfter(t, mark)
    expect(logs.map((log) => [log.methodName, log.siteIds, log.error])).toEqual([
      ['updateSiteInspectionSettings', String(bSite), 'null'],
    ])

    const onB = await inspect(bSite, plots.bLet, 'Overgrown')
    expect(onB.grades).toEqual(['Tidy', 'Overgrown'])
    expect(onB.notice).toMatchObject({ stage: 'improvement', deadline: addDays(TODAY, 10) })
    // The organisation's grades are not Northfield's.
    const unknown = await sendRecord(
      t,
      admin,
      inspectionRecord(onB.roundId, plots.bLet, 'Needs work', {
        recordedAt: t.app.config.clock().toISOString(),
      }),
    )
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json()).toMatchObject({ detail: inspectionMessages.gradeUnknown })

    const onA = await inspect(1, plots.aLet, 'Needs work')
    expect(onA.grades).toEqual(['Good', 'Acceptable', 'Needs work', 'Not cultivated'])
    expect(onA.notice).toMatchObject({ stage: 'improvement', deadline: addDays(TODAY, 28) })
  })

  it("judges a site's plots by the organisation's standards again once it clears its own", async () => {
    const cleared = await send(t, admin, 'PUT', inspections(bSite), {
      standards: null,
      version: 1,
    })
    expect(cleared.json()).toEqual({ standards: null, version: 2 })
    const started = await send(t, admin, 'POST', '/api/inspection-rounds', {
      siteId: bSite,
      date: TODAY,
      walkers: '',
    })
    const page = await send(t, admin, 'GET', `/api/inspection-rounds/${started.json().id}`)
    expect(page.json<RoundDetail>().grades.map((one) => one.name)).toEqual([
      'Good',
      'Acceptable',
      'Needs work',
      'Not cultivated',
    ])
  })

  it('refuses a stale version and an unknown site, changing nothing', async () => {
    const stale: SiteLettingSettings = { offers: B_OFFERS, version: 1 }
    expect((await send(t, admin, 'PUT', letting(bSite), stale)).statusCode).toBe(409)
    const staleStandards = { standards: B_STANDARDS, version: 1 }
    expect((await send(t, admin, 'PUT', inspections(bSite), staleStandards)).statusCode).toBe(409)
    expect((await send(t, admin, 'GET', letting(999))).statusCode).toBe(404)
    expect((await send(t, admin, 'GET', inspections(999))).statusCode).toBe(404)
    const none = { offers: null, version: 0 }
    expect((await send(t, admin, 'PUT', letting(999), none)).statusCode).toBe(404)
    const noStandards = { standards: null, version: 0 }
    expect((await send(t, admin, 'PUT', inspections(999), noStandards)).statusCode).toBe(404)
    expect((await send(t, admin, 'GET', letting(bSite))).json()).toEqual({
      offers: null,
      version: 2,
    })
    expect((await send(t, admin, 'GET', inspections(bSite))).json()).toEqual({
      standards: null,
      version: 2,
    })
  })

  it("lets an administrator limited to a site set that site's settings only, not another's nor the organisation's", async () => {
    expect((await send(t, limitedAdmin, 'GET', letting(bSite))).statusCode).toBe(200)
    expect((await send(t, limitedAdmin, 'GET', inspections(bSite))).statusCode).toBe(200)
    const before = await snapshot(t)
    const mark = await lastLogId(t)
    expect((await send(t, limitedAdmin, 'GET', letting(1))).statusCode).toBe(403)
    expect((await send(t, limitedAdmin, 'GET', inspections(1))).statusCode).toBe(403)
    const offers = { offers: B_OFFERS, version: 0 }
    expect((await send(t, limitedAdmin, 'PUT', letting(1), offers)).statusCode).toBe(403)
    const standards = { standards: B_STANDARDS, version: 0 }
    expect((await send(t, limitedAdmin, 'PUT', inspections(1), standards)).statusCode).toBe(403)
    for (const path of ['/api/letting/settings', '/api/inspections/settings']) {
      const organisation = (await send(t, admin, 'GET', path)).json<object>()
      expect((await send(t, limitedAdmin, 'PUT', path, organisation)).statusCode).toBe(403)
    }
    expect(await snapshot(t)).toEqual(before)
    expect((await send(t, admin, 'GET', letting(1))).json()).toEqual({ offers: null, version: 0 })
    expect((await send(t, admin, 'GET', inspections(1))).json()).toEqual({
      standards: null,
      version: 0,
    })
    // The refused changes of a site are logged with its site, as every refused change is.
    const logs = await logsAfter(t, mark)
    expect(logs.map((log) => [log.methodName, log.siteIds])).toEqual([
      ['updateSiteLettingSettings', '1'],
      ['updateSiteInspectionSettings', '1'],
    ])
    for (const log of logs) expect(JSON.parse(log.error)).toMatchObject({ status: 403 })
    // Their own site's they may change.
    const own = await send(t, limitedAdmin, 'PUT', letting(bSite), { offers: B_OFFERS, version: 2 })
    expect(own.statusCode, own.body).toBe(200)
  })
})
