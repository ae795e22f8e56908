import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PublicSite, Site } from '#shared/schemas/site'
import { createPerson, createPlot, createSite, send } from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 46, item 5 (decision 51): the public's "Our sites": each open site, its plots let and
// vacant, those waiting on its list, and the median wait of its lettings in the last two years.
describe.each(engines)('our sites, public, on %s', (engine) => {
  let t: TestApp
  let admin: string
  let north: Site
  let today: string

  const ourSites = async () => {
    const response = await send(t, undefined, 'GET', '/api/sites/public')
    expect(response.statusCode, response.body).toBe(200)
    return response.json<PublicSite[]>()
  }

  /** Someone who joined `site`'s list on `joined` and accepted an offer of `plotId` on `accepted`. */
  async function letting(
    id: string,
    plotId: string,
    siteId: number,
    joined: string,
    accepted: string,
  ) {
    await createPerson(t, admin, id, { email: `${id}@example.org` })
    const db = t.db.kysely
    await db
      .insertInto('waiting_places')
      .values({
        personId: id,
        siteId,
        joinedWaitingList: joined,
        joinedWaitingListAt: `${joined}T09:00:00.000Z`,
        waitingListEntry: 0,
        open: 0,
        endedWhy: 'accepted',
      })
      .execute()
    await db
      .insertInto('offers')
      .values({
        plotId,
        personId: id,
        channel: 'email',
        deadline: accepted,
        status: 'accepted',
        reason: '',
        acceptTokenHash: null,
        declineTokenHash: null,
        createdBy: 'test',
        createdAt: `${accepted}T09:00:00.000Z`,
        answeredAt: `${accepted}T10:00:00.000Z`,
      })
      .execute()
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'ouradmin')
    today = t.app.clock.today()
  })
  afterAll(() => t.close())

  it('answers the one site of a new installation, with nothing let and no wait to tell', async () => {
    const sites = await ourSites()
    expect(sites).toHaveLength(1)
    expect(sites[0]).toMatchObject({
      plotsLet: 0,
      plotsVacant: 0,
      waiting: 0,
      typicalWaitMonths: null,
    })
  })

  it('counts each open site’s plots and waiting people, and leaves retired sites out', async () => {
    north = await createSite(t, admin, 'Northfield', {
      address: '2 North Lane',
      description: 'By the river.',
      facilities: ['water', 'toilets'],
    })
    const gone = await createSite(t, admin, 'Gone')
    expect(
      (await send(t, admin, 'POST', `/api/sites/${gone.id}/retire`, { version: 1 })).statusCode,
    ).toBe(200)
    await createPlot(t, admin, 'N1', { siteId: north.id })
    await createPlot(t, admin, 'N2', { siteId: north.id })
    await createPlot(t, admin, 'N3', { siteId: north.id })
    await createPerson(t, admin, 'holder', { email: 'holder@example.org' })
    expect((await send(t, admin, 'PUT', '/api/plots/N1/tenants/holder')).statusCode).toBe(200)
    await createPerson(t, admin, 'waiter', { onWaitingList: true, email: 'waiter@example.org' })
    await t.db.kysely
      .insertInto('waiting_places')
      .values({
        personId: 'waiter',
        siteId: north.id,
        joinedWaitingList: today,
        joinedWaitingListAt: `${today}T09:00:00.000Z`,
        waitingListEntry: 0,
      })
      .execute()
    const sites = await ourSites()
    expect(sites.map((site) => site.name)).toEqual([sites[0]!.name, 'Northfield'])
    expect(sites[0]).toMatchObject({ plotsLet: 0, plotsVacant: 0, waiting: 1 })
    expect(sites[1]).toEqual({
      id: north.id,
      name: 'Northfield',
      address: '2 North Lane',
      description: 'By the river.',
      facilities: ['water', 'toilets'],
      plotsLet: 1,
      plotsVacant: 2,
      waiting: 1,
      typicalWaitMonths: null,
    })
    expect(JSON.stringify(sites)).not.toContain('holder')
    expect(JSON.stringify(sites)).not.toContain('waiter')
  })

  it('tells the median wait once the site has enough lettings in the last two years', async () => {
    const year = Number(today.slice(0, 4))
    await letting('early', 'N2', north.id, `${year - 1}-01-01`, `${year - 1}-07-01`)
    await letting('later', 'N3', north.id, `${year - 2}-01-01`, `${year - 1}-01-01`)
    expect((await ourSites())[1]!.typicalWaitMonths).toBeNull()
    // Too long ago: not counted.
    await letting('old', 'N2', north.id, `${year - 6}-01-01`, `${year - 3}-01-01`)
    expect((await ourSites())[1]!.typicalWaitMonths).toBeNull()
    await letting('third', 'N3', north.id, `${year - 1}-01-01`, `${year - 1}-09-01`)
    // Waits of 6, 12 and 8 months: 8.
    expect((await ourSites())[1]!.typicalWaitMonths).toBe(8)
  })

  it('is cached as the public lists are, revalidated by its ETag', async () => {
    const first = await send(t, undefined, 'GET', '/api/sites/public')
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/sites/public',
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
  })
})
