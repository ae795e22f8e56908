import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { londonDate } from '#shared/domain/dates'
import { plotMessages } from '#shared/messages/plots'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import {
  createPerson as createPersonFor,
  createPlot as createPlotFor,
  lastLogId,
  logsAfter,
  send,
  snapshot,
  type Method,
} from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

interface Tenancy {
  plot: Plot
  person: Person
}

describe.each(engines)('tenants API on %s', (engine) => {
  let t: TestApp
  let committee: string

  beforeAll(async () => {
    t = await createTestApp(engine)
    committee = await t.signInAs(3, 'committee1')
  })
  afterAll(() => t.close())

  const call = (method: Method, url: string, payload?: object) =>
    send(t, committee, method, url, payload)

  const createPerson = (id: string, onWaitingList = false) =>
    createPersonFor(t, committee, id, {
      ...{ firstName: 'First', lastName: id, dateJoined: '2000-01-01' },
      ...{ joinedWaitingList: '2000-01-01', address: '', phoneNumber: '', email: '' },
      onWaitingList,
    })
  const createPlot = (id: string) => createPlotFor(t, committee, id)

  async function addTenant(plotId: string, personId: string): Promise<Tenancy> {
    const response = await call('PUT', `/api/plots/${plotId}/tenants/${personId}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }

  const getPlot = async (id: string): Promise<Plot> =>
    (await call('GET', `/api/plots/${id}`)).json()
  const getPerson = async (id: string): Promise<Person> =>
    (await call('GET', `/api/people/${id}`)).json()

  // Every plot's tenants and every person's plots tell the same story, and occupied follows.
  async function expectConsistent() {
    const plots: Plot[] = (await call('GET', '/api/plots')).json()
    const people: Person[] = (await call('GET', '/api/people')).json()
    const fromPlots = plots.flatMap((plot) => plot.tenants.map((tenant) => `${plot.id}|${tenant}`))
    const fromPeople = people.flatMap((person) =>
      person.plots.map((plot) => `${plot}|${person.id}`),
    )
    expect(fromPlots.sort()).toEqual(fromPeople.sort())
    for (const plot of plots) expect(plot.occupied).toBe(plot.tenants.length > 0)
  }

  describe('adding', () => {
    it('adds a tenant to both sides, increases both versions and logs addPlotToPerson', async () => {
      const plot = await createPlot('1')
      const person = await createPerson('ann')
      const mark = await lastLogId(t)
      const response = await call('PUT', '/api/plots/1/tenants/ann')
      expect(response.statusCode, response.body).toBe(200)
      const answer: Tenancy = response.json()
      expect(answer.plot).toEqual({
        ...plot,
        tenants: ['ann'],
        payer: 'ann',
        occupied: true,
        version: 2,
      })
      expect(answer.person).toEqual({
        ...person,
        plots: ['1'],
        isPlotHolder: true,
        version: 2,
      })
      expect(await getPlot('1')).toEqual(answer.plot)
      expect(await getPerson('ann')).toEqual(answer.person)

      const logs = await logsAfter(t, mark)
      expect(logs).toHaveLength(1)
      expect(logs[0]).toMatchObject({
        methodName: 'addPlotToPerson',
        userName: 'committee1',
        eventCollection: 'people',
        docId: 'ann',
        error: 'null',
      })
      expect(JSON.parse(logs[0]!.value)).toEqual(answer)
      await expectConsistent()
    })

    it('keeps dateJoined when the person already has a plot, and sorts plots by number', async () => {
      await createPlot('10')
      await createPlot('9')
      await createPerson('bob')
      const first = await addTenant('10', 'bob')
      const second = await addTenant('9', 'bob')
      expect(second.person.plots).toEqual(['9', '10'])
      expect(second.person.dateJoined).toBe(first.person.dateJoined)
    })

    it("keeps a plot holder's Date joined when they leave and come back (issue 43)", async () => {
      await createPlot('16')
      await createPerson('arjun')
      await call('PUT', '/api/people/arjun', {
        ...(await getPerson('arjun')),
        dateJoined: '2019-04-05',
      })
      await addTenant('16', 'arjun')
      await call('DELETE', '/api/plots/16/tenants/arjun')
      const { person } = await addTenant('16', 'arjun')
      expect(person).toMatchObject({ dateJoined: '2019-04-05', plots: ['16'], isPlotHolder: true })
    })

    it('makes a waiting-list person a plotholder, joined today', async () => {
      await createPlot('11')
      await createPerson('wait', true)
      const { person } = await addTenant('11', 'wait')
      expect(person).toMatchObject({ isPlotHolder: true, onWaitingList: true, plots: ['11'] })
      expect(person.dateJoined).toBe(londonDate(new Date()))
    })

    it('sorts tenants by nickname', async () => {
      await createPlot('12')
      for (const id of ['zoe', 'amy', 'kim']) await createPerson(id)
      for (const id of ['zoe', 'amy', 'kim']) await addTenant('12', id)
      expect((await getPlot('12')).tenants).toEqual(['amy', 'kim', 'zoe'])
    })

    it('ignores adding a tenant twice: same answer, no version change, one log entry', async () => {
      await createPlot('13')
      await createPerson('twice')
      const first = await addTenant('13', 'twice')
      const mark = await lastLogId(t)
      const before = await snapshot(t)
      const again = await addTenant('13', 'twice')
      expect(again).toEqual(first)
      expect(await snapshot(t)).toEqual(before)
      const logs = await logsAfter(t, mark)
      expect(logs).toHaveLength(1)
      expect(logs[0]).toMatchObject({ methodName: 'addPlotToPerson', error: 'null' })
    })

    it("refuses a fifth tenant with 422 'Only four tenants allowed per plot', changing nothing", async () => {
      await createPlot('14')
      for (const id of ['p1', 'p2', 'p3', 'p4', 'p5']) await createPerson(id)
      for (const id of ['p1', 'p2', 'p3', 'p4']) await addTenant('14', id)
      const before = await snapshot(t)
      const mark = await lastLogId(t)
      const response = await call('PUT', '/api/plots/14/tenants/p5')
      expect(response.statusCode).toBe(422)
      expect(response.json().detail).toBe(plotMessages.fourTenantsOnly)
      expect(await snapshot(t)).toEqual(before)
      const logs = await logsAfter(t, mark)
      expect(logs).toHaveLength(1)
      expect(logs[0]).toMatchObject({
        methodName: 'addPlotToPerson',
        docId: 'p5',
        userName: 'committee1',
      })
      expect(JSON.parse(logs[0]!.error)).toEqual({
        status: 422,
        message: plotMessages.fourTenantsOnly,
      })
    })

    it('answers 404 for a missing plot or person, changing nothing', async () => {
      await createPlot('15')
      await createPerson('real')
      const before = await snapshot(t)
      const noPlot = await call('PUT', '/api/plots/404/tenants/real')
      expect(noPlot.statusCode).toBe(404)
      expect(noPlot.json().detail).toBe("There is no plot named '404'.")
      const noPerson = await call('PUT', '/api/plots/15/tenants/ghost')
      expect(noPerson.statusCode).toBe(404)
      expect(noPerson.json().detail).toBe("There is no person with the nickname 'ghost'.")
      expect((await call('DELETE', '/api/plots/15/tenants/ghost')).statusCode).toBe(404)
      expect(await snapshot(t)).toEqual(before)
    })
  })

  describe('removing', () => {
    it('removes a tenant from both sides, increases both versions and logs removePlotFromPerson', async () => {
      await createPlot('20')
      await createPerson('rita')
      const added = await addTenant('20', 'rita')
      const mark = await lastLogId(t)
      const response = await call('DELETE', '/api/plots/20/tenants/rita')
      expect(response.statusCode, response.body).toBe(200)
      const answer: Tenancy = response.json()
      expect(answer.plot).toEqual({
        ...added.plot,
        tenants: [],
        payer: '',
        occupied: false,
        version: added.plot.version + 1,
      })
      // A plotholder who gives up their last plot stays a plotholder until moved.
      expect(answer.person).toEqual({
        ...added.person,
        plots: [],
        version: added.person.version + 1,
      })
      const logs = await logsAfter(t, mark)
      expect(logs).toHaveLength(1)
      expect(logs[0]).toMatchObject({
        methodName: 'removePlotFromPerson',
        userName: 'committee1',
        eventCollection: 'people',
        docId: 'rita',
        error: 'null',
      })
      await expectConsistent()
    })

    it('clears isPlotHolder when a waiting-list person loses their last plot', async () => {
      await createPlot('21')
      await createPerson('queue', true)
      await addTenant('21', 'queue')
      const response = await call('DELETE', '/api/plots/21/tenants/queue')
      expect(response.json().person).toMatchObject({
        isPlotHolder: false,
        onWaitingList: true,
        plots: [],
      })
    })

    it('keeps a plot occupied while other tenants remain', async () => {
      await createPlot('22')
      await createPerson('one')
      await createPerson('two')
      await addTenant('22', 'one')
      await addTenant('22', 'two')
      const response = await call('DELETE', '/api/plots/22/tenants/one')
      expect(response.json().plot).toMatchObject({ tenants: ['two'], occupied: true })
    })

    it('ignores removing someone who is not a tenant, changing nothing', async () => {
      await createPlot('23')
      await createPerson('stranger')
      const before = await snapshot(t)
      const response = await call('DELETE', '/api/plots/23/tenants/stranger')
      expect(response.statusCode).toBe(200)
      expect(response.json().plot).toMatchObject({ tenants: [], version: 1 })
      expect(await snapshot(t)).toEqual(before)
    })
  })

  describe('deleting a tenant', () => {
    it('removes the person from every plot first, keeping plots consistent', async () => {
      await createPlot('30')
      await createPlot('31')
      await createPerson('leaver')
      await createPerson('stayer')
      await addTenant('30', 'leaver')
      await addTenant('31', 'leaver')
      await addTenant('31', 'stayer')
      const [plot30, plot31] = [await getPlot('30'), await getPlot('31')]
      const mark = await lastLogId(t)

      const response = await call('DELETE', '/api/people/leaver')
      expect(response.statusCode).toBe(204)

      expect(await getPlot('30')).toEqual({
        ...plot30,
        tenants: [],
        payer: '',
        occupied: false,
        version: plot30.version + 1,
      })
      expect(await getPlot('31')).toEqual({
        ...plot31,
        tenants: ['stayer'],
        payer: 'stayer',
        occupied: true,
        version: plot31.version + 1,
      })
      expect((await getPerson('stayer')).plots).toEqual(['31'])
      expect((await call('GET', '/api/people/leaver')).statusCode).toBe(404)
      const tenancy = await t.db.kysely
        .selectFrom('tenancy')
        .selectAll()
        .where('personId', '=', 'leaver')
        .execute()
      expect(tenancy).toHaveLength(0)

      const logs = await logsAfter(t, mark)
      expect(logs).toHaveLength(1)
      expect(logs[0]).toMatchObject({ methodName: 'deletePerson', docId: 'leaver', error: 'null' })
      const value = JSON.parse(logs[0]!.value) as { plots: Plot[] }
      expect(value.plots.map((p) => p.id)).toEqual(['30', '31'])
      await expectConsistent()
    })
  })

  describe('who pays (issue 43)', () => {
    const choose = (plotId: string, personId: unknown) =>
      call('PUT', `/api/plots/${plotId}/payer`, { personId })
    const joined = async (id: string, dateJoined: string) =>
      call('PUT', `/api/people/${id}`, { ...(await getPerson(id)), dateJoined })

    it("is the plot's first tenant; a newcomer with an earlier Date joined does not take it", async () => {
      await createPlot('p1')
      await createPerson('priya')
      await createPerson('arjun2')
      await joined('arjun2', '2019-04-05')
      await addTenant('p1', 'priya')
      const { plot } = await addTenant('p1', 'arjun2')
      expect(plot.payer).toBe('priya')
      expect((await getPlot('p1')).payer).toBe('priya')
    })

    it('is chosen on the plot: the next version, logged, and no tenant changes', async () => {
      await createPlot('p2')
      await createPerson('shah')
      await createPerson('ravi')
      await addTenant('p2', 'ravi')
      const { plot: before } = await addTenant('p2', 'shah')
      const people = [await getPerson('ravi'), await getPerson('shah')]
      const mark = await lastLogId(t)
      const response = await choose('p2', 'shah')
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toEqual({ ...before, payer: 'shah', version: before.version + 1 })
      expect(await getPlot('p2')).toEqual(response.json())
      expect([await getPerson('ravi'), await getPerson('shah')]).toEqual(people)
      const logs = await logsAfter(t, mark)
      expect(logs).toHaveLength(1)
      expect(logs[0]).toMatchObject({
        methodName: 'choosePayer',
        eventCollection: 'plots',
        docId: 'p2',
        error: 'null',
      })

      // Starting a rent year addresses the plot's invoice to them.
      const preview = await call('POST', '/api/rent/years/preview', {
        startDate: londonDate(new Date()),
      })
      expect(preview.statusCode, preview.body).toBe(200)
      const invoices: Array<{ plotId: string; payerId: string }> = preview.json().invoices
      expect(invoices.find((invoice) => invoice.plotId === 'p2')?.payerId).toBe('shah')
    })

    it("says who pays in the other tenants' letters, where they read £0.00", async () => {
      await createPlot('p5')
      await createPerson('payer5')
      await createPerson('other5')
      await addTenant('p5', 'other5')
      await addTenant('p5', 'payer5')
      expect((await choose('p5', 'payer5')).statusCode).toBe(200)
      const letterTo = async (personId: string) =>
        (
          await call('POST', '/api/messages/plan', {
            audience: { kind: 'people', ids: [personId] },
            subject: 'Rent',
            body: '{plots}: {amountDue}',
          })
        ).json().sample.copies[0].body
      expect(await letterTo('other5')).toBe(
        `plot p5: £0.00 (${plotMessages.paysTheRent('First payer5', 'plot p5')})`,
      )
      expect(await letterTo('payer5')).toBe('plot p5: £45.00')
    })

    it("refuses anyone but the plot's tenants, naming the field, changing nothing", async () => {
      await createPlot('p3')
      await createPerson('solo')
      await createPerson('other')
      const { plot } = await addTenant('p3', 'solo')
      const mark = await lastLogId(t)
      const stranger = await choose('p3', 'other')
      expect(stranger.statusCode).toBe(422)
      expect(stranger.json().detail).toBe(plotMessages.payerNotTenant('other', 'p3'))
      for (const personId of [undefined, '', 7]) {
        const bad = await choose('p3', personId)
        expect(bad.statusCode, bad.body).toBe(400)
        expect(bad.json().detail).toContain(plotMessages.payerRequired)
      }
      expect((await choose('nowhere', 'solo')).statusCode).toBe(404)
      expect(await getPlot('p3')).toEqual(plot)
      expect((await logsAfter(t, mark)).filter((log) => log.error === 'null')).toEqual([])
    })

    it('passes to the longest-standing tenant left when the payer leaves', async () => {
      await createPlot('p4')
      for (const id of ['lead', 'newer', 'older']) await createPerson(id)
      await joined('newer', '2024-01-01')
      await joined('older', '2015-01-01')
      for (const id of ['lead', 'newer', 'older']) await addTenant('p4', id)
      const response = await call('DELETE', '/api/plots/p4/tenants/lead')
      expect(response.json().plot.payer).toBe('older')
      expect((await getPlot('p4')).payer).toBe('older')
      const vacated = await call('DELETE', '/api/plots/p4/tenants/older')
      expect(vacated.json().plot.payer).toBe('newer')
      expect((await call('DELETE', '/api/plots/p4/tenants/newer')).json().plot.payer).toBe('')
    })
  })

  describe('the four-tenant limit under concurrency', () => {
    it('lets exactly four of ten simultaneous additions to one empty plot succeed', async () => {
      await createPlot('race')
      const racers = Array.from({ length: 10 }, (_, i) => `racer${i}`)
      for (const id of racers) await createPerson(id)
      const mark = await lastLogId(t)

      const responses = await Promise.all(
        racers.map((id) => call('PUT', `/api/plots/race/tenants/${id}`)),
      )

      const winners = racers.filter((_, i) => responses[i]!.statusCode === 200)
      const losers = responses.filter((r) => r.statusCode !== 200)
      expect(winners).toHaveLength(4)
      expect(losers).toHaveLength(6)
      for (const loser of losers) {
        expect(loser.statusCode).toBe(422)
        expect(loser.json().detail).toBe(plotMessages.fourTenantsOnly)
      }

      const plot = await getPlot('race')
      expect(plot.tenants).toEqual([...winners].sort())
      expect(plot.occupied).toBe(true)
      expect(plot.version).toBe(5)
      for (const id of racers) {
        const person = await getPerson(id)
        expect(person.plots.includes('race'), id).toBe(winners.includes(id))
      }

      const logs = (await logsAfter(t, mark)).filter((log) => log.methodName === 'addPlotToPerson')
      const succeeded = logs.filter((log) => log.error === 'null')
      expect(succeeded.map((log) => log.docId).sort()).toEqual([...winners].sort())
      expect(logs.filter((log) => log.error !== 'null')).toHaveLength(6)
      await expectConsistent()
    })
  })
})
