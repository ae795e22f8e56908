import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '#shared/domain/rent'
import { offerMessages } from '#shared/messages/offers'
import type { Offer } from '#shared/schemas/letting'
import {
  createPerson,
  createPlot,
  expectRefused,
  lastLogId,
  logsAfter,
  send,
  snapshot,
} from '#tests/helpers/records'
import { startSmtpServer } from '#tests/helpers/smtp'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Offers of a plot and the yearly question, through the real app, a real database and a real
// SMTP server: the links in the e-mails are the ones followed, the deadline's job runs under a
// moved clock, and a race for one plot, or one person's two offers, ends with one tenancy.

type Mail = Awaited<ReturnType<typeof startSmtpServer>>['received'][number]

describe.each(engines)('offers of a plot on %s', (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let committee = ''
  let admin = ''
  const today = () => t.app.clock.today()

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp(engine, { env: { SMTP_URL: smtp.url } })
    committee = await t.signInAs(3)
    admin = await t.signInAs(4)
    const waiting = [
      ['ann', '2020-01-01'],
      ['bob', '2021-01-01'],
      ['cat', '2022-01-01'],
      ['dan', '2023-01-01'],
      ['eve', '2024-01-01'],
    ]
    for (const [id, joined] of waiting)
      await createPerson(t, committee, id!, {
        onWaitingList: true,
        joinedWaitingList: joined,
        firstName: id!.toUpperCase(),
        email: `${id}@example.org`,
      })
    await createPerson(t, committee, 'fay', {
      onWaitingList: true,
      joinedWaitingList: '2025-01-01',
      email: '',
      address: '9 Lane',
    })
    for (const id of ['V1', 'V2', 'V3', 'V4', 'V5', 'V6']) await createPlot(t, committee, id)
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  const offer = (plotId: string, personId: string, reason = '') =>
    send(t, committee, 'POST', '/api/offers', { plotId, personId, reason })
  const followLink = (token: string) =>
    send(t, undefined, 'POST', '/api/letting/link/use', { token })
  const preview = (token: string) => send(t, undefined, 'POST', '/api/letting/link', { token })
  const history = async (id: string) =>
    (await send(t, committee, 'GET', `/api/people/${id}/waiting-list-history`)).json() as Array<{
      event: string
      reason: string
    }>
  const waitingOrder = async () =>
    (
      (await send(t, committee, 'GET', '/api/offers/choices')).json().waiting as Array<{
        id: string
      }>
    ).map((p) => p.id)
  const mailTo = async (email: string, subject: string): Promise<Mail> => {
    await expect
      .poll(() => smtp.received.some((m) => m.to.includes(email) && m.subject === subject), {
        timeout: 15_000,
      })
      .toBe(true)
    return smtp.received.filter((m) => m.to.includes(email) && m.subject === subject).at(-1)!
  }
  const linksIn = (mail: Mail) =>
    [...mail.text.matchAll(/\/letting\/answer\?token=([\w-]+)/g)].map((m) => m[1]!)

  it('offers a vacant plot to the next in line, and accepting through the e-mail link makes them its tenant, once', async () => {
    const choices = (await send(t, committee, 'GET', '/api/offers/choices')).json()
    expect(choices.waiting.map((p: { id: string }) => p.id)).toEqual([
      'ann',
      'bob',
      'cat',
      'dan',
      'eve',
      'fay',
    ])
    expect(choices.vacantPlots).toEqual(['V1', 'V2', 'V3', 'V4', 'V5', 'V6'])

    const made = await offer('V1', 'ann')
    expect(made.statusCode, made.body).toBe(201)
    const deadline = addDays(today(), 14)
    expect(made.json()).toMatchObject({
      plotId: 'V1',
      personId: 'ann',
      deadline,
      status: 'open',
      channel: 'email',
      reason: '',
    })
    expect((await history('ann')).at(-1)).toMatchObject({
      event: 'offered',
      reason: offerMessages.offeredReason('V1', deadline),
    })

    const mail = await mailTo('ann@example.org', offerMessages.offerSubject('V1'))
    const [accept, decline] = linksIn(mail)
    expect(accept).not.toBe(decline)
    expect((await preview(accept!)).json()).toEqual({ action: 'accept', plotName: 'V1', deadline })
    expect((await preview(decline!)).json()).toEqual({
      action: 'decline',
      plotName: 'V1',
      deadline,
    })

    const accepted = await followLink(accept!)
    expect(accepted.statusCode, accepted.body).toBe(200)
    const plot = (await send(t, committee, 'GET', '/api/plots/V1')).json()
    expect(plot.tenants).toEqual(['ann'])
    const ann = (await send(t, committee, 'GET', '/api/people/ann')).json()
    expect(ann).toMatchObject({
      plots: ['V1'],
      isPlotHolder: true,
      onWaitingList: false,
      dateJoined: today(),
    })
    expect((await history('ann')).at(-1)).toMatchObject({
      event: 'left',
      reason: offerMessages.acceptedReason('V1'),
    })
    const listed = (await send(t, committee, 'GET', '/api/offers')).json()
    expect(listed.closed.map((o: Offer) => [o.plotId, o.status])).toEqual([['V1', 'accepted']])

    // Single use: neither link works again, and nothing changes.
    for (const token of [accept!, decline!]) {
      const before = await snapshot(t)
      const again = await followLink(token)
      expect(again.statusCode).toBe(400)
      expect(again.json().detail).toBe(offerMessages.linkUnusable)
      expect((await preview(token)).statusCode).toBe(400)
      expect(await snapshot(t)).toEqual(before)
    }
  })

  it('needs a reason to pass over the next in line, and keeps it in the log and in their history', async () => {
    await expectRefused(
      t,
      committee,
      { userName: 'level3', eventCollection: 'plots' },
      'POST',
      '/api/offers',
      { plotId: 'V2', personId: 'cat', reason: '  ' },
      422,
      offerMessages.reasonRequired,
      'offerPlot',
    )
    const mark = await lastLogId(t)
    const made = await offer('V2', 'cat', 'Lives next to V2 and can reach it')
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json().reason).toBe('Lives next to V2 and can reach it')
    const [log] = await logsAfter(t, mark)
    expect(log).toMatchObject({
      methodName: 'offerPlot',
      docId: 'V2',
      userName: 'level3',
      error: 'null',
    })
    expect(JSON.parse(log!.value).reason).toBe('Lives next to V2 and can reach it')
    expect((await history('bob')).at(-1)).toMatchObject({
      event: 'skipped',
      reason: offerMessages.skippedReason(
        'V2',
        'CAT Lovelace',
        'Lives next to V2 and can reach it',
      ),
    })
    // One open offer of a plot at a time; a let plot cannot be offered.
    for (const [plotId, detail] of [
      ['V2', offerMessages.plotAlreadyOffered],
      ['V1', offerMessages.plotNotVacant],
    ] as const)
      await expectRefused(
        t,
        committee,
        { userName: 'level3', eventCollection: 'plots' },
        'POST',
        '/api/offers',
        { plotId, personId: 'bob', reason: '' },
        409,
        detail,
        'offerPlot',
      )
  })

  it('withdraws an open offer with a reason: they keep their place and are told, the links stop working, the plot can be offered again', async () => {
    const open = ((await send(t, committee, 'GET', '/api/offers')).json().open as Offer[]).find(
      (o) => o.plotId === 'V2',
    )!
    expect(open.personId).toBe('cat')
    const [accept] = linksIn(await mailTo('cat@example.org', offerMessages.offerSubject('V2')))
    const orderBefore = await waitingOrder()
    const withdraw = (reason: string) =>
      send(t, committee, 'POST', `/api/offers/${open.id}/withdraw`, { reason })
    const refuseWithdrawal = (reason: string, status: number, detail: string) =>
      expectRefused(
        t,
        committee,
        { userName: 'level3', eventCollection: 'plots' },
        'POST',
        `/api/offers/${open.id}/withdraw`,
        { reason },
        status,
        detail,
        'withdrawOffer',
      )
    await refuseWithdrawal('  ', 422, offerMessages.withdrawReasonRequired)

    const mark = await lastLogId(t)
    const withdrawn = await withdraw('The plot needs clearing first')
    expect(withdrawn.statusCode, withdrawn.body).toBe(200)
    expect(withdrawn.json()).toMatchObject({ plotId: 'V2', personId: 'cat', status: 'withdrawn' })
    const [log] = await logsAfter(t, mark)
    expect(log).toMatchObject({
      methodName: 'withdrawOffer',
      docId: 'V2',
      userName: 'level3',
      error: 'null',
    })
    expect(JSON.parse(log!.value).withdrawnBecause).toBe('The plot needs clearing first')
    expect(await waitingOrder()).toEqual(orderBefore)
    expect((await history('cat')).at(-1)).toMatchObject({
      event: 'withdrawn',
      reason: offerMessages.withdrawnReason('V2', 'The plot needs clearing first'),
    })
    // Told that it is withdrawn and that their place is kept, not the committee's reason.
    const told = await mailTo('cat@example.org', offerMessages.withdrawnSubject('V2'))
    expect(told.text).toContain(offerMessages.withdrawnText('CAT', 'V2', true, '').trim())
    expect(told.text).not.toContain('clearing')
    const late = await followLink(accept!)
    expect(late.statusCode).toBe(400)
    expect(late.json().detail).toBe(offerMessages.linkUnusable)
    // A link cut short in the e-mail says the same, not how long a token must be.
    for (const cut of [accept!.slice(0, 10), ''])
      for (const answer of [await followLink(cut), await preview(cut)])
        expect([answer.statusCode, answer.json().detail]).toEqual([400, offerMessages.linkUnusable])
    await refuseWithdrawal('Again', 409, offerMessages.offerClosed)
    // An id beyond PostgreSQL's integers names no offer: refused as bad input, not a server error.
    for (const [action, body] of [
      ['answer', { answer: 'accept' }],
      ['withdraw', { reason: 'x' }],
    ] as const)
      expect(
        (await send(t, committee, 'POST', `/api/offers/2147483648/${action}`, body)).statusCode,
      ).toBe(400)
    // The plot can be offered again (to Cat, as before, for the same reason).
    const again = await offer('V2', 'cat', 'Lives next to V2 and can reach it')
    expect(again.statusCode, again.body).toBe(201)
  })

  it('moves someone who declines to the end of the list when the settings say so', async () => {
    const settings = (await send(t, admin, 'GET', '/api/letting/settings')).json()
    expect(settings).toMatchObject({ offerDays: 14, declineGoesToEnd: false, version: 0 })
    const saved = await send(t, admin, 'PUT', '/api/letting/settings', {
      ...settings,
      declineGoesToEnd: true,
      offerDays: 7,
    })
    expect(saved.statusCode, saved.body).toBe(200)

    const made = await offer('V3', 'bob')
    expect(made.json().deadline).toBe(addDays(today(), 7))
    const [, decline] = linksIn(await mailTo('bob@example.org', offerMessages.offerSubject('V3')))
    const declined = await followLink(decline!)
    expect(declined.statusCode, declined.body).toBe(200)
    expect(declined.json()).toMatchObject({ action: 'decline', plotName: 'V3' })
    expect(await waitingOrder()).toEqual(['cat', 'dan', 'eve', 'fay', 'bob'])
    expect((await history('bob')).at(-1)).toMatchObject({
      event: 'declined',
      reason: offerMessages.declinedReason('V3', true),
    })
    expect((await send(t, committee, 'GET', '/api/plots/V3')).json().tenants).toEqual([])
  })

  it('closes an offer nobody answered the day after its deadline, as a job, and its link no longer works', async () => {
    const settings = (await send(t, admin, 'GET', '/api/letting/settings')).json()
    await send(t, admin, 'PUT', '/api/letting/settings', {
      ...settings,
      declineGoesToEnd: false,
      offerDays: 14,
    })
    const made = (await offer('V4', 'dan')).json() as Offer
    const [accept] = linksIn(await mailTo('dan@example.org', offerMessages.offerSubject('V4')))
    const realToday = today()
    t.moveClockTo(made.deadline)
    await t.app.jobs.runDue()
    expect(
      (await send(t, committee, 'GET', '/api/offers')).json().open.map((o: Offer) => o.plotId),
    ).toContain('V4')
    t.moveClockTo(addDays(made.deadline, 1))
    await t.app.jobs.runDue()
    const closed = (await send(t, committee, 'GET', '/api/offers')).json().closed as Offer[]
    expect(closed.find((o) => o.id === made.id)?.status).toBe('expired')
    expect((await history('dan')).at(-1)).toMatchObject({
      event: 'declined',
      reason: offerMessages.expiredReason('V4', false),
    })
    expect(await waitingOrder()).toEqual(['cat', 'dan', 'eve', 'fay', 'bob'])
    const late = await followLink(accept!)
    expect(late.statusCode).toBe(400)
    expect(late.json().detail).toBe(offerMessages.linkUnusable)
    expect((await send(t, committee, 'GET', '/api/plots/V4')).json().tenants).toEqual([])
    t.moveClockTo(realToday)
  })

  it('will not put anyone on a plot let meanwhile, and a letter offer is answered by the committee', async () => {
    // Offered on a known day, so the letter's date can be read as its reader would write it.
    const realToday = today()
    t.moveClockTo('2026-11-25')
    const made = (await offer('V5', 'fay', 'Asked for a small plot')).json() as Offer
    expect(made.channel).toBe('post')
    const letter = await t.db.kysely
      .selectFrom('messages')
      .selectAll()
      .where('personId', '=', 'fay')
      .executeTakeFirstOrThrow()
    expect(letter).toMatchObject({ channel: 'post', status: 'letter' })
    // The deadline as the letter's reader writes it, not as it is stored.
    expect(made.deadline).toBe('2026-12-09')
    expect(letter.body).toContain('whether you accept it by 9 December 2026.')
    const let_ = await send(t, committee, 'PUT', '/api/plots/V5/tenants/cat')
    expect(let_.statusCode, let_.body).toBe(200)
    await expectRefused(
      t,
      committee,
      { userName: 'level3', eventCollection: 'plots' },
      'POST',
      `/api/offers/${made.id}/answer`,
      { answer: 'accept' },
      409,
      offerMessages.plotLetMeanwhile,
      'acceptOffer',
    )
    const declined = await send(t, committee, 'POST', `/api/offers/${made.id}/answer`, {
      answer: 'decline',
    })
    expect(declined.statusCode, declined.body).toBe(200)
    expect(declined.json().status).toBe('declined')
    t.moveClockTo(realToday)
  })

  it('lets one of two committee members offering one plot at once succeed, and one person accept one of two offers', async () => {
    await createPlot(t, committee, 'R1')
    const [first, second] = await Promise.all([
      offer('R1', 'eve', 'Racing one'),
      offer('R1', 'dan', 'Racing two'),
    ])
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 409])
    expect(
      await t.db.kysely.selectFrom('offers').select('id').where('plotId', '=', 'R1').execute(),
    ).toHaveLength(1)

    await createPlot(t, committee, 'R2')
    await createPlot(t, committee, 'R3')
    const taker = first!.statusCode === 201 ? 'eve' : 'dan'
    const openR1 = (first!.statusCode === 201 ? first! : second!).json() as Offer
    const toR2 = await offer('R2', taker, 'A second choice of plot')
    expect(toR2.statusCode, toR2.body).toBe(201)
    const answers = await Promise.all(
      [openR1.id, toR2.json().id].map((id) =>
        send(t, committee, 'POST', `/api/offers/${id}/answer`, { answer: 'accept' }),
      ),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const tenancies = await t.db.kysely
      .selectFrom('tenancy')
      .selectAll()
      .where('personId', '=', taker)
      .execute()
    expect(tenancies).toHaveLength(1)
    const statuses = await t.db.kysely
      .selectFrom('offers')
      .select('status')
      .where('personId', '=', taker)
      .where('plotId', 'in', ['R1', 'R2'])
      .execute()
    expect(statuses.map((s) => s.status).sort()).toEqual(['accepted', 'withdrawn'])
  })

  it('asks the list once a year, lapses those who do not answer, and the committee can restore them to their place', async () => {
    const settings = (await send(t, admin, 'GET', '/api/letting/settings')).json()
    const askOn = addDays(today(), 1)
    const saved = await send(t, admin, 'PUT', '/api/letting/settings', {
      ...settings,
      stillWantDate: askOn.slice(5),
      stillWantDays: 10,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const waitingBefore = await waitingOrder()
    expect(waitingBefore.length).toBeGreaterThan(1)
    await t.app.jobs.runDue()
    expect(await t.db.kysely.selectFrom('still_want_rounds').selectAll().execute()).toEqual([])

    t.moveClockTo(askOn)
    await t.app.jobs.runDue()
    await t.app.jobs.runDue()
    const rounds = await t.db.kysely.selectFrom('still_want_rounds').selectAll().execute()
    expect(rounds).toHaveLength(1)
    expect(rounds[0]).toMatchObject({ year: askOn.slice(0, 4), closesOn: addDays(askOn, 10) })
    const [stay] = linksIn(await mailTo('cat@example.org', offerMessages.stillWantSubject))
    expect((await preview(stay!)).json()).toEqual({ action: 'stay', closesOn: addDays(askOn, 10) })
    const stayed = await followLink(stay!)
    expect(stayed.statusCode, stayed.body).toBe(200)
    expect((await followLink(stay!)).statusCode).toBe(400)

    t.moveClockTo(addDays(askOn, 10))
    await t.app.jobs.runDue()
    expect(await waitingOrder()).toEqual(waitingBefore)
    t.moveClockTo(addDays(askOn, 11))
    await t.app.jobs.runDue()
    const kept = waitingBefore.filter((id) => id === 'cat')
    expect(await waitingOrder()).toEqual(kept)
    const lapsedId = waitingBefore.find((id) => id !== 'cat')!
    expect((await history(lapsedId)).at(-1)).toMatchObject({
      event: 'lapsed',
      reason: offerMessages.lapsedReason(addDays(askOn, 10)),
    })
    expect((await send(t, committee, 'GET', `/api/people/${lapsedId}`)).json()).toMatchObject({
      onWaitingList: false,
      isPlotHolder: false,
      plots: [],
    })

    const lapsed = (await send(t, committee, 'GET', '/api/waiting-list/lapsed')).json() as Array<{
      id: string
      lapsedOn: string
    }>
    expect(lapsed.map((p) => p.id).sort()).toEqual(
      waitingBefore.filter((id) => id !== 'cat').sort(),
    )
    const restored = await send(
      t,
      committee,
      'POST',
      `/api/people/${lapsedId}/restore-to-waiting-list`,
    )
    expect(restored.statusCode, restored.body).toBe(200)
    expect(await waitingOrder()).toEqual(
      waitingBefore.filter((id) => id === 'cat' || id === lapsedId),
    )
    expect((await history(lapsedId)).at(-1)).toMatchObject({
      event: 'restored',
      reason: offerMessages.restoredReason,
    })
    expect(
      (
        (await send(t, committee, 'GET', '/api/waiting-list/lapsed')).json() as Array<{
          id: string
        }>
      ).map((p) => p.id),
    ).not.toContain(lapsedId)
    const again = await send(
      t,
      committee,
      'POST',
      `/api/people/${lapsedId}/restore-to-waiting-list`,
    )
    expect(again.statusCode).toBe(422)
    expect(again.json().detail).toBe(offerMessages.notLapsed)
    // Next year's question is already stored, and this year's runs only once.
    await t.app.jobs.runDue()
    expect(await t.db.kysely.selectFrom('still_want_rounds').selectAll().execute()).toHaveLength(1)
    const next = await t.db.kysely
      .selectFrom('jobs')
      .select('runAt')
      .where('kind', '=', 'still-want-round')
      .where('finishedAt', 'is', null)
      .execute()
    expect(next.map((j) => j.runAt.slice(0, 10))).toContain(
      `${Number(askOn.slice(0, 4)) + 1}${askOn.slice(4)}`,
    )
  })

  it('withdraws the open offers of a person who is removed, and their links stop working', async () => {
    await createPerson(t, committee, 'gus', {
      onWaitingList: true,
      joinedWaitingList: '2019-01-01',
      firstName: 'GUS',
      email: 'gus@example.org',
    })
    await createPlot(t, committee, 'D1')
    const made = await offer('D1', 'gus', 'Removal')
    expect(made.statusCode, made.body).toBe(201)
    const [accept] = linksIn(await mailTo('gus@example.org', offerMessages.offerSubject('D1')))
    const removed = await send(t, committee, 'DELETE', '/api/people/gus')
    expect(removed.statusCode, removed.body).toBe(204)
    const listed = (await send(t, committee, 'GET', '/api/offers')).json() as {
      open: Offer[]
      closed: Offer[]
    }
    expect(listed.open.map((o) => o.id)).not.toContain(made.json().id)
    expect(listed.closed.find((o) => o.id === made.json().id)?.status).toBe('withdrawn')
    const late = await followLink(accept!)
    expect(late.statusCode).toBe(400)
    expect(late.json().detail).toBe(offerMessages.linkUnusable)
    expect((await send(t, committee, 'GET', '/api/offers/choices')).json().vacantPlots).toContain(
      'D1',
    )
  })
})
