import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { longDateAndTime } from '#shared/domain/dates'
import { waitingListMessages } from '#shared/messages/waiting-list'
import type { Person } from '#shared/schemas/person'
import { createPerson, createPlot, send } from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 46, item 8: "today" is the organisation's day on London's clock. At 23:30 UTC on 30 June
// London's clock reads 00:30 on 1 July: a tenancy made then begins on 1 July, the ending form
// offers 1 July, an offer's days to answer are counted from 1 July, and one who joins the waiting
// list joins on 1 July, their time of joining kept.

describe.each(engines)('today on London’s clock, on %s', (engine) => {
  let t: TestApp
  let committee = ''
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
    send(t, committee, method, url, body)

  beforeAll(async () => {
    // The moment form of TODAY is UTC: 23:30 UTC on a summer day.
    t = await createTestApp(engine, { env: { TODAY: '2026-06-30T23:30' } })
    await t.app.jobs.stop()
    committee = await t.signInAs(3)
    for (const id of ['T1', 'T2']) await createPlot(t, committee, id)
    await createPerson(t, committee, 'ann', { firstName: 'Ann', email: 'ann@example.org' })
    await createPerson(t, committee, 'bob', { firstName: 'Bob', email: 'bob@example.org' })
    await createPerson(t, committee, 'eve', {
      firstName: 'Eve',
      email: 'eve@example.org',
      onWaitingList: true,
    })
  })
  afterAll(() => t.close())

  it('takes the server’s today from London’s clock, not UTC’s', () => {
    expect(t.app.clock.now().toISOString().slice(0, 13)).toBe('2026-06-30T23')
    expect(t.app.clock.today()).toBe('2026-07-01')
  })

  it('begins a tenancy on London’s day, and the ending form offers that day', async () => {
    expect((await call('PUT', '/api/plots/T1/tenants/ann')).statusCode).toBe(200)
    const form = await call('GET', '/api/plots/T1/tenants/ann/ending')
    expect(form.statusCode, form.body).toBe(200)
    expect(form.json()).toEqual({ today: '2026-07-01', beganOn: '2026-07-01', otherPlots: [] })
  })

  it('counts an offer’s days to answer from London’s day', async () => {
    const made = await call('POST', '/api/offers', { plotId: 'T2', personId: 'eve', reason: '' })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json().deadline).toBe('2026-07-15')
  })

  it('puts one who joins the waiting list on London’s day, their time of joining kept', async () => {
    const moved = await call('POST', '/api/people/bob/move-to-waiting-list')
    expect(moved.statusCode, moved.body).toBe(200)
    const bob = moved.json() as Person
    expect(bob.joinedWaitingList).toBe('2026-07-01')
    expect(bob.joinedWaitingListAt.slice(0, 13)).toBe('2026-06-30T23')
    const place = await call('GET', '/api/people/bob/waiting-list-place')
    expect(place.json().statement).toBe(
      waitingListMessages.placeStated({
        position: 2,
        total: 2,
        joined: longDateAndTime(bob.joinedWaitingListAt),
        after: 'Eve Lovelace',
      }),
    )
    expect(place.json().statement).toContain('joined 1 July 2026 at 00:3')
  })
})
