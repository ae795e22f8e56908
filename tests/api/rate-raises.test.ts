import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messageWritingMessages } from '#shared/messages/message-writing'
import { rentNoticeMessages } from '#shared/messages/rent-notices'
import type { HistoryEvent } from '#shared/schemas/plot-history'
import type {
  Invoice,
  PersonRaiseNotice,
  RateRaise,
  StoredRentSettings,
} from '#shared/schemas/rent'
import {
  createPerson,
  createPlot,
  createSite,
  expectRefused,
  limitAccount,
  send,
} from '#tests/helpers/records'
import { saveRentSettings, startRentYear } from '#tests/helpers/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 47, item 6 (decision 62): a rate raised takes effect only after the notice (twelve months
// unless set otherwise). Too early a day is refused, nothing saved; the old rate is charged by a
// year starting before the day and the new by one starting on or after it; the tenants whose rent
// rises are told through Messages' letter, and the notice is on their page and their plot's history.

const TODAY = '2026-11-27'
const EARLIEST = '2027-11-27'

describe.each(engines)('raising a rent rate with notice on %s', (engine) => {
  let t: TestApp
  let admin = ''
  let committee = ''
  let rep = ''
  let bPlot = ''

  const on = (day: string) => {
    t.app.config.clock = () => new Date(`${day}T12:00:00.000Z`)
  }
  const settings = async () =>
    (await send(t, admin, 'GET', '/api/rent/settings')).json<StoredRentSettings>()
  const withWater = async (amount: number, takesEffect?: string) => ({
    ...(await settings()),
    extras: [{ name: 'Water', amount }],
    ...(takesEffect ? { takesEffect } : {}),
  })
  const raises = async (cookie = committee) => {
    const response = await send(t, cookie, 'GET', '/api/rent/rate-raises')
    expect(response.statusCode, response.body).toBe(200)
    return response.json<RateRaise[]>()
  }
  const yearAmounts = async (startDate: string) => {
    const started = await startRentYear(t, admin, startDate)
    expect(started.statusCode, started.body).toBe(201)
    const { yearId } = started.json<{ yearId: number }>()
    const list = await send(t, committee, 'GET', `/api/rent/years/${yearId}/invoices`)
    return Object.fromEntries(list.json<Invoice[]>().map((i) => [i.payerId, i.amount]))
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TODAY } })
    admin = await t.signInAs(4, 'admin')
    committee = await t.signInAs(3, 'treasurer')
    rep = await t.signInAs(3, 'repa')
    const bSite = (await createSite(t, admin, 'Northfield')).id
    await createPlot(t, admin, '1', { fee: 40 })
    bPlot = (await createPlot(t, admin, '9', { fee: 50, siteId: bSite })).id
    await createPerson(t, admin, 'alice', { firstName: 'Alice', lastName: 'Smith', email: '' })
    await createPerson(t, admin, 'bob', { firstName: 'Bob', lastName: 'Jones', email: '' })
    await limitAccount(t, admin, 'repa', [1])
  })
  afterAll(() => t.close())

  it('keeps twelve months as the notice unless set, and takes the rates set up before the first year at once', async () => {
    expect((await settings()).raiseNoticeMonths).toBe(12)
    for (const [id, plot] of [
      ['alice', '1'],
      ['bob', bPlot],
    ] as const) {
      const let_ = await send(t, admin, 'PUT', `/api/plots/${plot}/tenants/${id}`)
      expect(let_.statusCode, let_.body).toBe(200)
    }
    // No rent year yet: the rates are being set up, not raised, so no day is needed.
    await saveRentSettings(t, admin, { extras: [{ name: 'Water', amount: 500 }] })
    expect(await raises()).toEqual([])
    expect(await yearAmounts('2026-10-01')).toEqual({ alice: 4500, bob: 5500 })
  })

  it('refuses a raise without a day, or one before the notice allows, and saves nothing', async () => {
    const refusal = rentNoticeMessages.raiseTooSoon(EARLIEST)
    expect(refusal).toBe(
      'A raised rate needs notice: it can take effect from 27 November 2027 at the earliest.',
    )
    const log = { userName: 'admin', eventCollection: 'settings' }
    for (const takesEffect of [undefined, '2027-11-26']) {
      await expectRefused(
        t,
        admin,
        log,
        'PUT',
        '/api/rent/settings',
        await withWater(800, takesEffect),
        422,
        refusal,
        'updateRentSettings',
      )
    }
    expect((await settings()).extras).toEqual([{ name: 'Water', amount: 500 }])
    // The notice set shorter in the same save counts: six months.
    const six = await send(t, admin, 'PUT', '/api/rent/settings', {
      ...(await withWater(800, '2027-05-26')),
      raiseNoticeMonths: 6,
    })
    expect(six.statusCode).toBe(422)
    expect(six.json().detail).toBe(rentNoticeMessages.raiseTooSoon('2027-05-27'))
  })

  it('takes a lowered rate at once, and a raise from the earliest day, telling each tenant whose rent rises', async () => {
    const lowered = await send(t, admin, 'PUT', '/api/rent/settings', await withWater(400))
    expect(lowered.statusCode, lowered.body).toBe(200)
    expect(await raises()).toEqual([])
    const raised = await send(t, admin, 'PUT', '/api/rent/settings', await withWater(800, EARLIEST))
    expect(raised.statusCode, raised.body).toBe(200)
    expect((await settings()).extras).toEqual([{ name: 'Water', amount: 800 }])
    const [raise, ...others] = await raises()
    expect(others).toEqual([])
    expect(raise).toMatchObject({ siteId: null, takesEffect: EARLIEST, madeBy: 'admin' })
    expect(raise!.notices).toEqual([
      {
        personId: 'alice',
        personName: 'Alice Smith',
        plotId: '1',
        plotName: '1',
        oldAmount: 4400,
        newAmount: 4800,
      },
      {
        personId: 'bob',
        personName: 'Bob Jones',
        plotId: bPlot,
        plotName: '9',
        oldAmount: 5400,
        newAmount: 5800,
      },
    ])
    // A representative of the first site sees its tenants' notices only.
    expect((await raises(rep))[0]!.notices.map((notice) => notice.personId)).toEqual(['alice'])
    // Saving another setting leaves the raise waiting.
    const other = await send(t, admin, 'PUT', '/api/rent/settings', {
      ...(await settings()),
      paymentInstructions: 'Pay by transfer.',
    })
    expect(other.statusCode, other.body).toBe(200)
    expect((await raises()).map((one) => one.id)).toEqual([raise!.id])
  })

  it('writes the notice letter through Messages to the tenants told, with their rent before and after', async () => {
    const { notices } = (await raises())[0]!
    const plan = await send(t, committee, 'POST', '/api/messages/plan', {
      audience: { kind: 'people', ids: notices.map((notice) => notice.personId) },
      ...messageWritingMessages.rentRiseLetter,
    })
    expect(plan.statusCode, plan.body).toBe(200)
    expect(plan.json()).toMatchObject({
      people: 2,
      post: 2,
      sample: {
        personId: 'alice',
        copies: [
          {
            channel: 'post',
            subject: messageWritingMessages.rentRiseLetter.subject,
            body: expect.stringContaining(
              'the rent of plot 1 will rise from £44.00 to £48.00 a year, from 27 November 2027.',
            ),
          },
        ],
      },
    })
  })

  it('records the notice on the person and on the plot’s history', async () => {
    const mine = await send(t, committee, 'GET', '/api/people/alice/rate-notices')
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json<PersonRaiseNotice[]>()).toMatchObject([
      { plotId: '1', oldAmount: 4400, newAmount: 4800, takesEffect: EARLIEST, madeBy: 'admin' },
    ])
    // Another site's tenant is not the representative's to read.
    expect((await send(t, rep, 'GET', '/api/people/bob/rate-notices')).statusCode).toBe(403)
    const history = await send(t, committee, 'GET', '/api/plots/1/history')
    expect(history.json<HistoryEvent[]>()).toContainEqual(
      expect.objectContaining({
        kind: 'notice',
        title: rentNoticeMessages.raiseHistory('Alice Smith', 4400, 4800, EARLIEST),
      }),
    )
  })

  it('charges the old rate to a year starting before the day, and the new from one starting on or after it', async () => {
    on('2027-09-20')
    expect(await yearAmounts('2027-10-01')).toEqual({ alice: 4400, bob: 5400 })
    on('2028-09-20')
    expect(await yearAmounts('2028-10-01')).toEqual({ alice: 4800, bob: 5800 })
    on(TODAY)
  })

  it('keeps a site’s own rates the same way, refused to an account without that site', async () => {
    on('2028-09-20')
    const url = `/api/rent/settings/sites/2`
    const saved = (await send(t, admin, 'GET', url)).json()
    const rates = { ...(await settings()), extras: [{ name: 'Water', amount: 1000 }] }
    const { chargeBasis, areaRate, bandFees, concessionPercent, extras } = rates
    const body = {
      rates: { chargeBasis, areaRate, bandFees, concessionPercent, extras },
      version: saved.version,
    }
    const early = await send(t, admin, 'PUT', url, { ...body, takesEffect: '2029-09-19' })
    expect(early.statusCode).toBe(422)
    expect(early.json().detail).toBe(rentNoticeMessages.raiseTooSoon('2029-09-20'))
    const fine = await send(t, admin, 'PUT', url, { ...body, takesEffect: '2029-09-20' })
    expect(fine.statusCode, fine.body).toBe(200)
    const [raise] = await raises()
    expect(raise).toMatchObject({ siteId: 2, takesEffect: '2029-09-20' })
    expect(raise!.notices).toMatchObject([{ personId: 'bob', oldAmount: 5800, newAmount: 6000 }])
    expect(await raises(rep)).toEqual([])
    on(TODAY)
  })
})
