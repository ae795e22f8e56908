import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { plotMessages } from '#shared/messages/plots'
import { serverMessages } from '#shared/messages/server'
import { siteMessages } from '#shared/messages/sites'
import type { Plot } from '#shared/schemas/plot'
import type { Site } from '#shared/schemas/site'
import {
  createPerson,
  createPlot,
  createSite,
  expectRefused,
  plotInput,
  send,
  type Method,
} from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 46: sites. The installation's first site is there from the start; the administrator adds,
// renames and retires others; a plot's name is unique within its site, not across sites.
describe.each(engines)('sites API on %s', (engine) => {
  let t: TestApp
  let admin: string
  let committee: string
  let northfield: Site

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'siteadmin')
    committee = await t.signInAs(3, 'sitecommittee')
    northfield = await createSite(t, admin, 'Northfield', {
      address: '2 Mill Lane, Leeds LS6 2AB',
      description: 'Forty plots by the river, with a shop on Sundays.',
      facilities: ['toilets', 'water'],
    })
  })
  afterAll(() => t.close())

  const call = (method: Method, url: string, payload?: object, cookie = admin) =>
    send(t, cookie, method, url, payload)
  const sites = async (): Promise<Site[]> => (await send(t, undefined, 'GET', '/api/sites')).json()

  it('has the installation as its first site, and the one added, for anyone to read', async () => {
    const listed = await sites()
    expect(listed.map((site) => site.id)).toEqual([1, northfield.id])
    expect(listed[1]).toEqual({
      id: northfield.id,
      name: 'Northfield',
      address: '2 Mill Lane, Leeds LS6 2AB',
      description: 'Forty plots by the river, with a shop on Sundays.',
      facilities: ['water', 'toilets'],
      retiredOn: null,
      version: 1,
    })
  })

  it('lets plot "1" be on two sites, and refuses a second "1" on the same site', async () => {
    const first = await createPlot(t, committee, '1')
    const second = await createPlot(t, committee, '1', { siteId: northfield.id })
    expect([first.id, first.name, first.siteId]).toEqual(['1', '1', 1])
    expect([second.name, second.siteId]).toEqual(['1', northfield.id])
    expect(second.id).not.toBe(first.id)
    const opened = await call('GET', `/api/plots/${encodeURIComponent(second.id)}`)
    expect(opened.json<Plot>().name).toBe('1')

    await expectRefused(
      t,
      committee,
      { userName: 'sitecommittee', eventCollection: 'plots' },
      'POST',
      '/api/plots',
      { ...plotInput('1'), siteId: northfield.id },
      409,
      plotMessages.plotNameInUse,
      'createPlot',
    )
  })

  it('lists one site’s plots when asked, and every plot otherwise', async () => {
    await createPlot(t, committee, '2B', { siteId: northfield.id })
    const names = async (query: string) =>
      (await call('GET', `/api/plots${query}`)).json<Plot[]>().map((plot) => plot.name)
    expect(await names(`?site=${northfield.id}`)).toEqual(['1', '2B'])
    expect(await names('?site=1')).toEqual(['1'])
    expect(await names('')).toEqual(['1', '1', '2B'])
  })

  it('lets one person hold a plot on each of two sites', async () => {
    await createPerson(t, committee, 'twosites')
    const [home, away] = (await call('GET', '/api/plots')).json<Plot[]>()
    for (const plot of [home!, away!]) {
      const added = await call(
        'PUT',
        `/api/plots/${encodeURIComponent(plot.id)}/tenants/twosites`,
        undefined,
        committee,
      )
      expect(added.statusCode, added.body).toBe(200)
    }
    const person = (await call('GET', '/api/people/twosites', undefined, committee)).json()
    expect(person.plots.sort()).toEqual([home!.id, away!.id].sort())
  })

  it('renames a site, and refuses a name another site has', async () => {
    const renamed = await call('PUT', `/api/sites/${northfield.id}`, {
      ...fieldsOf(northfield),
      name: 'Northfield Road',
      version: northfield.version,
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    northfield = renamed.json()
    expect(northfield.name).toBe('Northfield Road')
    const first = (await sites())[0]!
    await expectRefused(
      t,
      admin,
      { userName: 'siteadmin', eventCollection: 'sites' },
      'PUT',
      `/api/sites/${northfield.id}`,
      { ...fieldsOf(northfield), name: first.name.toUpperCase(), version: northfield.version },
      409,
      siteMessages.nameInUse,
      'updateSite',
    )
  })

  it('refuses to retire a site with plots let, and retires it once they are not', async () => {
    await expectRefused(
      t,
      admin,
      { userName: 'siteadmin', eventCollection: 'sites' },
      'POST',
      `/api/sites/${northfield.id}/retire`,
      { version: northfield.version },
      422,
      siteMessages.stillLet('Northfield Road', 1),
      'retireSite',
    )
    const away = (await call('GET', `/api/plots?site=${northfield.id}`)).json<Plot[]>()[0]!
    await call(
      'DELETE',
      `/api/plots/${encodeURIComponent(away.id)}/tenants/twosites`,
      undefined,
      committee,
    )
    const retired = await call('POST', `/api/sites/${northfield.id}/retire`, {
      version: northfield.version,
    })
    expect(retired.statusCode, retired.body).toBe(200)
    expect(retired.json<Site>().retiredOn).toBe(t.app.clock.today())
    // Its plots stay on record; no new one may be made on it.
    expect((await call('GET', `/api/plots?site=${northfield.id}`)).json()).toHaveLength(2)
    const refused = await call(
      'POST',
      '/api/plots',
      { ...plotInput('9'), siteId: northfield.id },
      committee,
    )
    expect([refused.statusCode, refused.json().detail]).toEqual([422, siteMessages.siteRetired])
    northfield = retired.json()
  })

  it('refuses to retire the last site in use', async () => {
    const first = (await sites())[0]!
    const refused = await call('POST', `/api/sites/${first.id}/retire`, { version: first.version })
    expect([refused.statusCode, refused.json().detail]).toEqual([422, siteMessages.lastSite])
  })

  it('lets only the administrator change sites', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/sites', { name: 'Southside', address: '', description: '', facilities: [] }],
      [
        'PUT',
        `/api/sites/${northfield.id}`,
        { ...fieldsOf(northfield), version: northfield.version },
      ],
      ['POST', `/api/sites/${northfield.id}/reopen`, { version: northfield.version }],
    ] as const) {
      const refused = await call(method, url, body, committee)
      expect([refused.statusCode, refused.json().detail]).toEqual([403, serverMessages.noAccess])
    }
  })
})

const fieldsOf = ({ name, address, description, facilities }: Site) => ({
  name,
  address,
  description,
  facilities,
})
