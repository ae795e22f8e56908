import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lettingMessages } from '#shared/messages/letting'
import { offerMessages } from '#shared/messages/offers'
import { waitingListMessages } from '#shared/messages/waiting-list'
import type { Place, StoredLettingSettings } from '#shared/schemas/letting'
import { contextFor } from '#server/core/db/migrations/index'
import { waitingPlaces } from '#server/core/db/migrations/046-waiting-places'
import { confirmationTokens } from '#tests/helpers/applications'
import {
  createPerson,
  createPlot,
  createSite,
  lastLogId,
  logsAfter,
  send,
} from '#tests/helpers/records'
import { startSmtpServer } from '#tests/helpers/smtp'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 46, item 3 (decision 47): one applicant, several lists. An applicant chooses sites, each
// chosen list places them by the time they applied, "Where am I on the list?" answers each place;
// accepting a plot on one site ends or keeps their other places as the letting settings say, and
// they are told which; a site's representative sees their site's list only; and a one-site
// installation's list is in the order it was before the places.

type Mail = Awaited<ReturnType<typeof startSmtpServer>>['received'][number]

const applicant = (email: string, sites: number[]) => ({
  firstName: 'Zoë',
  lastName: 'Field',
  email,
  phoneNumber: '',
  address: '1 Lane',
  note: '',
  consent: true,
  sites,
})

describe.each(engines)('one applicant on several lists on %s', (engine) => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let admin = ''
  let committee = ''
  let first = { id: 1, name: '' }
  let north = { id: 0, name: 'Northfield' }
  let south = { id: 0, name: 'Southfield' }
  const plots = { first: '', north: '', south: '' }

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp(engine, { env: { SMTP_URL: smtp.url } })
    admin = await t.signInAs(4, 'admin')
    committee = await t.signInAs(3, 'committee')
    const sites = (await send(t, admin, 'GET', '/api/sites')).json<Array<{ name: string }>>()
    first = { id: 1, name: sites[0]!.name }
    north = { id: (await createSite(t, admin, 'Northfield')).id, name: 'Northfield' }
    south = { id: (await createSite(t, admin, 'Southfield')).id, name: 'Southfield' }
    plots.first = (await createPlot(t, admin, '1')).id
    plots.north = (await createPlot(t, admin, '1', { siteId: north.id })).id
    plots.south = (await createPlot(t, admin, '1', { siteId: south.id })).id
    // Someone already waiting on the first site's list, and someone on Northfield's.
    await createPerson(t, committee, 'early', {
      onWaitingList: true,
      joinedWaitingList: '2020-01-01',
      email: 'early@example.org',
    })
    const added = await send(t, committee, 'POST', `/api/people?site=${north.id}`, {
      ...personBody('northy'),
      onWaitingList: true,
      joinedWaitingList: '2021-01-01',
    })
    expect(added.statusCode, added.body).toBe(201)
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  const personBody = (id: string) => ({
    id,
    title: '',
    firstName: 'Nora',
    lastName: 'North',
    dateJoined: '2020-01-01',
    joinedWaitingList: '2020-01-01',
    address: '2 Lane',
    phoneNumber: '',
    email: `${id}@example.org`,
    altEmail: '',
    contactBy: 'email',
    concession: false,
    notes: '',
    onWaitingList: false,
  })
  const listOf = async (siteId: number, cookie = committee) =>
    (await send(t, cookie, 'GET', `/api/people?status=waitinglist&site=${siteId}`)).json<
      Array<{ id: string }>
    >()
  const ids = (people: Array<{ id: string }>) => people.map((person) => person.id)

  /** Applies for the sites and follows the confirmation link: the place it answers. */
  async function applyAndConfirm(email: string, sites: number[]): Promise<Place> {
    const applied = await send(t, undefined, 'POST', '/api/apply', applicant(email, sites))
    expect(applied.statusCode, applied.body).toBe(201)
    const [token] = await confirmationTokens(smtp, email)
    const confirmed = await send(t, undefined, 'POST', '/api/apply/confirm', { token })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    return confirmed.json<Place>()
  }
  const mailTo = async (email: string, subject: string): Promise<Mail> => {
    await expect
      .poll(() => smtp.received.some((m) => m.to.includes(email) && m.subject === subject), {
        timeout: 15_000,
      })
      .toBe(true)
    return smtp.received.filter((m) => m.to.includes(email) && m.subject === subject).at(-1)!
  }
  async function setOtherPlaces(otherPlacesOnAccept: 'end' | 'stay') {
    const saved = (
      await send(t, admin, 'GET', '/api/letting/settings')
    ).json<StoredLettingSettings>()
    const put = await send(t, admin, 'PUT', '/api/letting/settings', {
      ...saved,
      otherPlacesOnAccept,
    })
    expect(put.statusCode, put.body).toBe(200)
  }
  async function offerAndAccept(plotId: string, personId: string, reason = '') {
    const offered = await send(t, committee, 'POST', '/api/offers', { plotId, personId, reason })
    expect(offered.statusCode, offered.body).toBe(201)
    const id = offered.json<{ id: number }>().id
    const accepted = await send(t, committee, 'POST', `/api/offers/${id}/answer`, {
      answer: 'accept',
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
  }

  it('refuses no site, too many sites and a site that is not open, keeping nothing', async () => {
    for (const [sites, detail] of [
      [[], lettingMessages.chooseASite],
      [[1, north.id, south.id, 99], lettingMessages.tooManySites(3)],
      [[1, 99], lettingMessages.siteNotOpen],
    ] as const) {
      const response = await send(
        t,
        undefined,
        'POST',
        '/api/apply',
        applicant('none@example.org', [...sites]),
      )
      expect(response.statusCode, response.body).toBe(422)
      expect(response.json().detail).toBe(detail)
    }
    const kept = await t.db.kysely.selectFrom('applications').selectAll().execute()
    expect(kept).toEqual([])
  })

  it('places an applicant on three lists by the time they applied, and finds each place', async () => {
    const place = await applyAndConfirm('zoe@example.org', [south.id, north.id, 1])
    expect(place.places).toEqual([
      { siteId: 1, siteName: first.name, position: 2, total: 2 },
      { siteId: north.id, siteName: 'Northfield', position: 2, total: 2 },
      { siteId: south.id, siteName: 'Southfield', position: 1, total: 1 },
    ])
    expect([place.position, place.total]).toEqual([2, 2])
    const found = await send(t, undefined, 'POST', '/api/apply/position', {
      reference: place.reference,
      email: 'zoe@example.org',
    })
    expect(found.json<Place>()).toEqual(place)
    const zoe = ids(await listOf(1)).at(-1)!
    expect(ids(await listOf(1))).toEqual(['early', zoe])
    expect(ids(await listOf(north.id))).toEqual(['northy', zoe])
    expect(ids(await listOf(south.id))).toEqual([zoe])
    // The committee sees one person with their places.
    const onPage = await send(t, committee, 'GET', `/api/people/${zoe}/waiting-list-place`)
    expect(onPage.json().places).toEqual(place.places)
    // The committee's offer of a plot takes the plot's own site's list.
    const choices = await send(t, committee, 'GET', `/api/offers/choices?site=${south.id}`)
    expect(choices.json().waiting.map((p: { id: string }) => p.id)).toEqual([zoe])
    expect(choices.json().vacantPlots).toEqual([plots.south])
  })

  it('ends the other places on accepting a plot (the default), logged, and says so', async () => {
    const zoe = ids(await listOf(south.id))[0]!
    const mark = await lastLogId(t)
    await offerAndAccept(plots.south, zoe)
    expect(ids(await listOf(1))).toEqual(['early'])
    expect(ids(await listOf(north.id))).toEqual(['northy'])
    expect(ids(await listOf(south.id))).toEqual([])
    const logs = await logsAfter(t, mark)
    expect(logs.map((log) => log.methodName)).toContain('endWaitingPlaces')
    const mail = await mailTo('zoe@example.org', offerMessages.placesSubject)
    expect(mail.text).toContain(`You have left the waiting lists of ${first.name} and Northfield.`)
  })

  it('keeps the other places when the settings say they stay, and says so', async () => {
    await setOtherPlaces('stay')
    const place = await applyAndConfirm('yan@example.org', [1, north.id])
    const yan = ids(await listOf(north.id)).at(-1)!
    expect(place.places.map((p) => [p.siteName, p.position])).toEqual([
      [first.name, 2],
      ['Northfield', 2],
    ])
    await offerAndAccept(plots.first, yan, 'Early wants a plot nearer home')
    expect(ids(await listOf(1))).toEqual(['early'])
    expect(ids(await listOf(north.id))).toEqual(['northy', yan])
    const mail = await mailTo('yan@example.org', offerMessages.placesSubject)
    expect(mail.text).toContain('You stay on the waiting list of Northfield, in the same place.')
    const after = await send(t, undefined, 'POST', '/api/apply/position', {
      reference: place.reference,
      email: 'yan@example.org',
    })
    expect(after.json<Place>().places).toEqual([
      { siteId: north.id, siteName: 'Northfield', position: 2, total: 2 },
    ])
    await setOtherPlaces('end')
  })

  it("shows a representative of one site only that site's list, and refuses another's", async () => {
    const rep = await t.signInAs(3, 'northrep')
    const accounts = (await send(t, admin, 'GET', '/api/accounts')).json<
      Array<{ id: string; userName: string }>
    >()
    const account = accounts.find((a) => a.userName === 'northrep')!
    const limited = await send(t, admin, 'PUT', `/api/accounts/${account.id}/sites`, {
      sites: [north.id],
    })
    expect(limited.statusCode, limited.body).toBe(200)
    const list = await send(t, rep, 'GET', '/api/people?status=waitinglist')
    expect(ids(list.json())).toEqual(ids(await listOf(north.id)))
    expect(ids(list.json())).not.toContain('early')
    expect((await send(t, rep, 'GET', '/api/people?status=waitinglist&site=1')).statusCode).toBe(
      403,
    )
    expect((await send(t, rep, 'GET', '/api/people/early')).statusCode).toBe(403)
    expect((await send(t, rep, 'GET', '/api/people/northy')).statusCode).toBe(200)
  })

  // Issue 46: the committee adds someone to one more site's list, or takes them off one of
  // several, the rest staying as they were; their last list is left on their form.
  it("joins someone to another site's list at its end, and takes them off one of several", async () => {
    const placesOf = async (id: string) =>
      (await send(t, committee, 'GET', `/api/people/${id}/waiting-list-place`)).json<{
        places: Array<{ siteId: number; position: number; total: number }>
      }>().places
    const before = await lastLogId(t)
    const joined = await send(t, committee, 'POST', '/api/people/early/waiting-places', {
      siteId: south.id,
    })
    expect(joined.statusCode, joined.body).toBe(200)
    const southList = await listOf(south.id)
    expect(ids(southList).at(-1)).toBe('early')
    expect((await placesOf('early')).map((place) => place.siteId)).toEqual([1, south.id])
    const again = await send(t, committee, 'POST', '/api/people/early/waiting-places', {
      siteId: south.id,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json<{ detail: string }>().detail).toBe(
      waitingListMessages.alreadyOnSiteList('Southfield'),
    )

    const left = await send(t, committee, 'DELETE', '/api/people/early/waiting-places/1')
    expect(left.statusCode, left.body).toBe(200)
    expect((await placesOf('early')).map((place) => place.siteId)).toEqual([south.id])
    expect(ids(await listOf(1))).not.toContain('early')
    const last = await send(t, committee, 'DELETE', `/api/people/early/waiting-places/${south.id}`)
    expect(last.statusCode).toBe(422)
    expect(last.json<{ detail: string }>().detail).toBe(waitingListMessages.onlySiteList)
    expect(ids(await listOf(south.id))).toContain('early')
    const history = (
      await send(t, committee, 'GET', '/api/people/early/waiting-list-history')
    ).json<Array<{ event: string; reason: string }>>()
    expect(history.slice(-2).map(({ event, reason }) => [event, reason])).toEqual([
      ['joined', waitingListMessages.siteListReason('Southfield')],
      ['left', waitingListMessages.siteListReason(first.name)],
    ])
    const logs = await logsAfter(t, before)
    expect(logs.map((log) => [log.methodName, log.siteIds])).toEqual([
      ['joinSiteList', String(south.id)],
      ['joinSiteList', String(south.id)],
      ['leaveSiteList', '1'],
      ['leaveSiteList', String(south.id)],
    ])
    // A plot holder waits on no list to add to.
    await createPerson(t, committee, 'holder', { onWaitingList: false })
    const holder = await send(t, committee, 'POST', '/api/people/holder/waiting-places', {
      siteId: north.id,
    })
    expect(holder.statusCode).toBe(422)
  })

  it("refuses a representative another site's list, logged with that site", async () => {
    const rep = await t.signInAs(3, 'northrep')
    const before = await lastLogId(t)
    const joining = await send(t, rep, 'POST', '/api/people/northy/waiting-places', {
      siteId: south.id,
    })
    expect(joining.statusCode).toBe(403)
    const joined = await send(t, rep, 'POST', '/api/people/northy/waiting-places', {
      siteId: north.id,
    })
    expect(joined.statusCode).toBe(409)
    const logs = await logsAfter(t, before)
    expect(logs.map((log) => [log.methodName, log.siteIds])).toEqual([
      ['joinSiteList', String(south.id)],
      ['joinSiteList', String(north.id)],
    ])
  })
})

describe.each(engines)('the migration of the one list to places on %s', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(engine)
  })
  afterAll(() => t.close())

  it("keeps a one-site installation's waiting list in exactly its order", async () => {
    const committee = await t.signInAs(3)
    // Joinings of every kind: dates typed in, the same date twice, and today's (with a time).
    for (const [id, joined] of [
      ['dora', '2022-05-01'],
      ['abel', '2021-03-03'],
      ['cara', '2022-05-01'],
      ['bert', t.app.clock.today()],
      ['eli', '2019-12-31'],
    ] as const)
      await createPerson(t, committee, id, { onWaitingList: true, joinedWaitingList: joined })
    const order = async () =>
      (await send(t, committee, 'GET', '/api/people?status=waitinglist')).json<
        Array<{ id: string }>
      >()
    const statement = async (id: string) =>
      (await send(t, committee, 'GET', `/api/people/${id}/waiting-list-place`)).json<{
        statement: string
      }>().statement
    const before = await order()
    const statements = await Promise.all(before.map((person) => statement(person.id)))
    // The database as it was before migration 046, then the migration itself.
    const db = t.db.kysely
    await db.schema.dropTable('waiting_places').execute()
    await sql`alter table applications drop column sites`.execute(db)
    await waitingPlaces(contextFor(t.db)).up(db as never)
    expect(await order()).toEqual(before)
    expect(await Promise.all(before.map((person) => statement(person.id)))).toEqual(statements)
    expect(before.map((person) => person.id)).toEqual(['eli', 'abel', 'dora', 'cara', 'bert'])
  })
})
