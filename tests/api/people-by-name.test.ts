import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TenantName } from '#shared/schemas/plot'
import {
  createPerson as createPersonFor,
  createPlot as createPlotFor,
  send,
  type Method,
} from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// People by name (issue 28, part 4): a new person's nickname is proposed from their name and made
// free, and the committee's plots screens have the tenants' names to show and filter by.

describe.each(engines)('people by name on %s', (engine) => {
  let t: TestApp
  let committee: string
  let land: string

  beforeAll(async () => {
    t = await createTestApp(engine)
    committee = await t.signInAs(3, 'committee1')
    land = await t.signInAs(2, 'land1')
  })
  afterAll(() => t.close())

  const call = (method: Method, url: string, cookie = committee) => send(t, cookie, method, url)
  const createPerson = (id: string, firstName: string, lastName: string) =>
    createPersonFor(t, committee, id, { firstName, lastName, email: '' })
  const proposal = async (first: string, last: string, cookie = committee) => {
    const query = new URLSearchParams({ first, last })
    const response = await call('GET', `/api/nickname-proposal?${query}`, cookie)
    expect(response.statusCode, response.body).toBe(200)
    return response.json().nickname as string
  }

  describe('the nickname proposed for a new person', () => {
    it('is the first name and the initial of the last name, in lower case', async () => {
      expect(await proposal('Margaret', 'Ellison')).toBe('margarete')
      expect(await proposal('Zoë', "O'Neill")).toBe('zoëo')
    })

    it('is numbered when it is taken, whatever the case of the nickname taking it', async () => {
      await createPerson('tomb', 'Tom', 'Brown')
      expect(await proposal('Tom', 'Baker')).toBe('tomb2')
      await createPerson('TomB2', 'Tom', 'Bell')
      expect(await proposal('tom', 'bright')).toBe('tomb3')
    })

    it('is empty until the name gives a letter or digit', async () => {
      expect(await proposal('', '')).toBe('')
      expect(await proposal(' ', '-')).toBe('')
    })

    it('is the committee’s to ask for', async () => {
      const response = await call('GET', '/api/nickname-proposal?first=Tom&last=Brown', land)
      expect(response.statusCode).toBe(403)
    })
  })

  describe('the tenants’ names', () => {
    it('names every tenant of a plot, and no one who is not a tenant', async () => {
      await createPerson('arjuns', 'Arjun', 'Singh')
      await createPerson('priyas', 'Priya', 'Shah')
      await createPerson('nobody', 'No', 'Plot')
      await createPlotFor(t, committee, 'N1')
      await createPlotFor(t, committee, 'N2')
      for (const url of [
        '/api/plots/N1/tenants/arjuns',
        '/api/plots/N1/tenants/priyas',
        '/api/plots/N2/tenants/arjuns',
      ])
        expect((await call('PUT', url)).statusCode).toBe(200)
      const response = await call('GET', '/api/tenants')
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      const names: TenantName[] = response.json()
      expect(names).toEqual([
        { id: 'arjuns', firstName: 'Arjun', lastName: 'Singh' },
        { id: 'priyas', firstName: 'Priya', lastName: 'Shah' },
      ])
    })

    it('follows a change of name', async () => {
      const person = (await call('GET', '/api/people/priyas')).json()
      const { id: _id, plots: _p, isPlotHolder: _h, onWaitingList: _w, ...fields } = person
      const saved = await send(t, committee, 'PUT', '/api/people/priyas', {
        ...fields,
        lastName: 'Patel',
      })
      expect(saved.statusCode, saved.body).toBe(200)
      const names: TenantName[] = (await call('GET', '/api/tenants')).json()
      expect(names.find((name) => name.id === 'priyas')?.lastName).toBe('Patel')
    })

    it('are not for level 2, who see the plots with nicknames only', async () => {
      expect((await call('GET', '/api/tenants', land)).statusCode).toBe(403)
      expect((await call('GET', '/api/plots', land)).statusCode).toBe(200)
    })
  })
})
