import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { comparePlotIds } from '#shared/domain/plots'
import { commonMessages } from '#shared/messages/common'
import { moneyMessages } from '#shared/messages/money'
import { plotMessages } from '#shared/messages/plots'
import type { Plot } from '#shared/schemas/plot'
import {
  createPlot,
  expectOneLog as expectOneLogOf,
  expectRefused as expectRefusedOf,
  lastLogId,
  logsAfter,
  plotInput as sharedPlotInput,
  send,
  snapshot,
  type Method,
  type Refusal,
} from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// The plot these tests start from: the shared body with a description and a slope.
const sunny = { description: 'Sunny corner', area: 120, distance: 30, gradient: 'slope' }
const plotInput = (id: string, overrides: Record<string, unknown> = {}) =>
  sharedPlotInput(id, { ...sunny, ...overrides })

function updateOf(plot: Plot, overrides: Record<string, unknown> = {}) {
  const { id: _id, tenants: _tenants, occupied: _occupied, ...fields } = plot
  return { ...fields, ...overrides }
}

describe.each(engines)('plots API on %s', (engine) => {
  let t: TestApp
  let committee: string
  let land: string
  let holder: string

  beforeAll(async () => {
    t = await createTestApp(engine)
    committee = await t.signInAs(3, 'committee1')
    land = await t.signInAs(2, 'land1')
    holder = await t.signInAs(1, 'holder1')
  })
  afterAll(() => t.close())

  const call = (method: Method, url: string, payload?: object, cookie = committee) =>
    send(t, cookie, method, url, payload)
  const create = (id: string, overrides: Record<string, unknown> = {}) =>
    createPlot(t, committee, id, { ...sunny, ...overrides })

  const expectRefused = (...refusal: Refusal) =>
    expectRefusedOf(t, committee, { userName: 'committee1', eventCollection: 'plots' }, ...refusal)
  const expectOneLog = (mark: number, methodName: string, docId: string) =>
    expectOneLogOf(t, mark, { methodName, userName: 'committee1', eventCollection: 'plots', docId })

  describe('create and read', () => {
    it('creates a plot without tenants, not occupied, and logs createPlot', async () => {
      const mark = await lastLogId(t)
      const response = await call('POST', '/api/plots', plotInput('1'))
      expect(response.statusCode, response.body).toBe(201)
      const plot: Plot = response.json()
      expect(plot).toEqual({ ...plotInput('1'), tenants: [], occupied: false, version: 1 })
      expect(await expectOneLog(mark, 'createPlot', '1')).toEqual(plot)
      expect((await call('GET', '/api/plots/1')).json()).toEqual(plot)
    })

    it('parses area, distance and fee given as text into integers', async () => {
      const plot = await create('2', { area: ' 250 ', distance: '0', fee: '60' })
      expect(plot).toMatchObject({ area: 250, distance: 0, fee: 60 })
    })

    it("refuses a plot name in use with 409 'Plot name already in use!'", async () => {
      await create('3')
      await expectRefused(
        'POST',
        '/api/plots',
        plotInput('3'),
        409,
        plotMessages.plotNameInUse,
        'createPlot',
      )
    })

    it('refuses a plot name differing only in case', async () => {
      await create('4a')
      await expectRefused(
        'POST',
        '/api/plots',
        plotInput('4A'),
        409,
        plotMessages.plotNameInUse,
        'createPlot',
      )
    })

    it('refuses a repeated plot name with letters beyond ASCII', async () => {
      await create('Ång 1')
      await expectRefused(
        'POST',
        '/api/plots',
        plotInput('Ång 1'),
        409,
        plotMessages.plotNameInUse,
        'createPlot',
      )
    })

    it('refuses amounts that are not whole numbers and unknown gradients with 400', async () => {
      await expectRefused(
        'POST',
        '/api/plots',
        plotInput('5', { area: '12.5' }),
        400,
        plotMessages.areaWholeNumber,
      )
      await expectRefused(
        'POST',
        '/api/plots',
        plotInput('5', { distance: '12 m' }),
        400,
        plotMessages.distanceWholeNumber,
      )
      await expectRefused(
        'POST',
        '/api/plots',
        plotInput('5', { fee: -1 }),
        400,
        moneyMessages.feeMoney,
      )
      await expectRefused(
        'POST',
        '/api/plots',
        plotInput('5', { gradient: 'steep' }),
        400,
        plotMessages.invalidGradient,
      )
      await expectRefused('POST', '/api/plots', plotInput(' '), 400, plotMessages.plotNameRequired)
    })

    it('answers 404 with a clear message for a missing plot', async () => {
      const response = await call('GET', '/api/plots/999')
      expect(response.statusCode).toBe(404)
      expect(response.json().detail).toBe("There is no plot named '999'.")
    })

    it('lists plots in plot-number order', async () => {
      for (const id of ['10', '9', '66b', '66', '67']) await create(id)
      const plots: Plot[] = (await call('GET', '/api/plots')).json()
      const ids = plots.map((p) => p.id)
      expect(ids).toEqual([...ids].sort(comparePlotIds))
      expect(ids.filter((id) => ['9', '10', '66', '66b', '67'].includes(id))).toEqual([
        '9',
        '10',
        '66',
        '66b',
        '67',
      ])
    })
  })

  describe('update', () => {
    it('saves the fields, increases the version and logs updatePlot', async () => {
      const plot = await create('U1')
      const mark = await lastLogId(t)
      const response = await call('PUT', '/api/plots/U1', updateOf(plot, { paid: true, fee: '50' }))
      expect(response.statusCode, response.body).toBe(200)
      const saved: Plot = response.json()
      expect(saved).toEqual({ ...plot, paid: true, fee: 50, version: 2 })
      expect(await expectOneLog(mark, 'updatePlot', 'U1')).toEqual(saved)
      expect((await call('GET', '/api/plots/U1')).json()).toEqual(saved)
    })

    it('keeps the id, tenants and occupied whatever the body says', async () => {
      const plot = await create('U2')
      const response = await call('PUT', '/api/plots/U2', {
        ...updateOf(plot),
        id: 'U3',
        tenants: ['someone'],
        occupied: true,
      })
      expect(response.json()).toMatchObject({ id: 'U2', tenants: [], occupied: false })
      expect((await call('GET', '/api/plots/U3')).statusCode).toBe(404)
    })

    it('refuses a stale version with 409 and leaves the row unchanged', async () => {
      const plot = await create('U4')
      expect(
        (await call('PUT', '/api/plots/U4', updateOf(plot, { description: 'first' }))).statusCode,
      ).toBe(200)
      await expectRefused(
        'PUT',
        '/api/plots/U4',
        updateOf(plot, { description: 'second' }),
        409,
        commonMessages.staleVersion,
        'updatePlot',
      )
      expect((await call('GET', '/api/plots/U4')).json()).toMatchObject({
        description: 'first',
        version: 2,
      })
    })

    it('answers 404 for a missing plot and logs the attempt', async () => {
      const plot = await create('U5')
      await expectRefused(
        'PUT',
        '/api/plots/U6',
        updateOf(plot),
        404,
        "There is no plot named 'U6'.",
        'updatePlot',
      )
    })
  })

  describe('access', () => {
    it('lets level 2 read plots with tenant nicknames but no personal data', async () => {
      const person = await call('POST', '/api/people', {
        id: 'Tenant',
        firstName: 'Tess',
        lastName: 'Tenant',
        dateJoined: '2020-01-01',
        joinedWaitingList: '2020-01-01',
        address: '7 Secret Street',
        phoneNumber: '07700 900123',
        email: 'tess@example.org',
        altEmail: 'tess.alt@example.org',
        onWaitingList: false,
      })
      expect(person.statusCode).toBe(201)
      await create('A1')
      expect((await call('PUT', '/api/plots/A1/tenants/Tenant')).statusCode).toBe(200)

      const list = await call('GET', '/api/plots', undefined, land)
      const one = await call('GET', '/api/plots/A1', undefined, land)
      expect(list.statusCode).toBe(200)
      expect(one.statusCode).toBe(200)
      expect(one.json()).toMatchObject({ id: 'A1', tenants: ['Tenant'], occupied: true })
      for (const body of [list.body, one.body]) {
        for (const secret of ['Secret Street', '07700', 'tess@', 'tess.alt@', 'Tess']) {
          expect(body).not.toContain(secret)
        }
        for (const key of [
          'address',
          'phoneNumber',
          'email',
          'altEmail',
          'firstName',
          'lastName',
        ]) {
          expect(body).not.toContain(`"${key}"`)
        }
      }
    })

    it('answers 403 to level 2 on plot and tenant changes, changing nothing', async () => {
      const plot = await create('A2')
      const before = await snapshot(t)
      const mark = await lastLogId(t)
      const attempts: Array<[Method, string, object?]> = [
        ['POST', '/api/plots', plotInput('A3')],
        ['PUT', '/api/plots/A2', updateOf(plot)],
        ['PUT', '/api/plots/A2/tenants/Tenant'],
        ['DELETE', '/api/plots/A1/tenants/Tenant'],
      ]
      for (const [method, url, payload] of attempts) {
        expect((await call(method, url, payload, land)).statusCode, `${method} ${url}`).toBe(403)
      }
      expect(await snapshot(t)).toEqual(before)
      expect(await logsAfter(t, mark)).toHaveLength(0)
    })

    it('answers 403 to level 1 and 401 without a session', async () => {
      for (const url of ['/api/plots', '/api/plots/1']) {
        expect((await call('GET', url, undefined, holder)).statusCode).toBe(403)
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401)
      }
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/plots',
        payload: plotInput('A4'),
      })
      expect(anonymous.statusCode).toBe(401)
    })

    it('documents the plot routes in the OpenAPI description', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
      expect(Object.keys(response.json().paths)).toEqual(
        expect.arrayContaining([
          '/api/plots',
          '/api/plots/{id}',
          '/api/plots/{id}/tenants/{personId}',
        ]),
      )
    })
  })
})
