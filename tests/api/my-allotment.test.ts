import { strFromU8, unzipSync } from 'fflate'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { commonMessages } from '#shared/messages/common'
import type { MyRecord, Person } from '#shared/schemas/person'
import type { MyRent } from '#shared/schemas/rent'
import {
  createPerson,
  createPlot,
  createSite,
  expectOneLog,
  expectRefused,
  lastLogId,
  send,
  sendMessage,
} from '#tests/helpers/records'
import { startRentYear } from '#tests/helpers/rent'
import { addDays } from '#shared/domain/rent'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'
import { matrix } from '#tests/helpers/access-matrix'

// Issue 29: a member reads and changes only the person their account is, through /api/me/…;
// the committee links accounts to people; a removed record tells the member why it is gone.
describe.each(engines)('a member’s own pages on %s', (engine) => {
  let t: TestApp
  let committee = ''
  let ann = ''
  let bob = ''
  let zoe = ''
  const accountIds = new Map<string, string>()

  const link = (userName: string, personId: string | null, cookie = committee) =>
    send(t, cookie, 'PUT', `/api/accounts/${accountIds.get(userName)}/person`, { personId })
  const details = async (cookie: string) => {
    const response = await send(t, cookie, 'GET', '/api/me/details')
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as MyRecord
  }
  const changeable = (person: Person) => ({
    firstName: person.firstName,
    lastName: person.lastName,
    address: person.address,
    phoneNumber: person.phoneNumber,
    altEmail: person.altEmail,
    contactBy: person.contactBy,
    version: person.version,
  })

  beforeAll(async () => {
    t = await createTestApp(engine)
    committee = await t.signInAs(3)
    ann = await t.signInAs(1, 'ann-account')
    bob = await t.signInAs(1, 'bob-account')
    zoe = await t.signInAs(1, 'zoe-account')
    await t.createAccount('cat-account', 1)
    const accounts = await t.db.kysely.selectFrom('user').select(['id', 'username']).execute()
    for (const { id, username } of accounts) accountIds.set(username ?? '', id)
    await createPerson(t, committee, 'ann', { firstName: 'Ann', email: 'ann@example.org' })
    await createPerson(t, committee, 'bob', {
      firstName: 'Bob',
      address: '9 Secret Lane',
      phoneNumber: '07700 900999',
    })
    await createPerson(t, committee, 'wes', { firstName: 'Wes', onWaitingList: true })
    await createPerson(t, committee, 'val', {
      firstName: 'Val',
      onWaitingList: true,
      joinedWaitingList: '2019-01-01',
    })
    await createPlot(t, committee, 'P1', { description: 'By the gate', area: 125 })
    await createPlot(t, committee, 'P2')
    for (const [plot, person] of [
      ['P1', 'ann'],
      ['P1', 'bob'],
      ['P2', 'bob'],
    ]) {
      const added = await send(t, committee, 'PUT', `/api/plots/${plot}/tenants/${person}`)
      expect(added.statusCode, added.body).toBe(200)
    }
  })
  afterAll(() => t.close())

  it('tells a member whose account is linked to no one to ask the committee', async () => {
    for (const url of ['/api/me/details', '/api/me/plots', '/api/me/rent', '/api/me/messages']) {
      const response = await send(t, ann, 'GET', url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json().detail).toBe(myAllotmentMessages.notLinked)
    }
  })

  it('lets the committee link an account to one person, and refuses a second or a missing one', async () => {
    const mark = await lastLogId(t)
    const linked = await link('ann-account', 'ann')
    expect(linked.statusCode, linked.body).toBe(200)
    expect(
      await expectOneLog(t, mark, {
        methodName: 'linkPerson',
        userName: 'level3',
        eventCollection: 'users',
        docId: accountIds.get('ann-account')!,
      }),
    ).toMatchObject({ personId: 'ann', userName: 'ann-account' })
    expect((await link('bob-account', 'bob')).statusCode).toBe(200)

    const accounts = (await send(t, committee, 'GET', '/api/accounts')).json() as Array<{
      userName: string
      personId: string | null
    }>
    expect(accounts.find((a) => a.userName === 'ann-account')?.personId).toBe('ann')

    await expectRefused(
      t,
      committee,
      { userName: 'level3', eventCollection: 'users' },
      'PUT',
      `/api/accounts/${accountIds.get('cat-account')}/person`,
      { personId: 'ann' },
      409,
      myAllotmentMessages.personHasAccount('ann', 'ann-account'),
      'linkPerson',
    )
    await expectRefused(
      t,
      committee,
      { userName: 'level3', eventCollection: 'users' },
      'PUT',
      `/api/accounts/${accountIds.get('cat-account')}/person`,
      { personId: 'nobody' },
      404,
      myAllotmentMessages.personMissing('nobody'),
      'linkPerson',
    )
    // A plot holder cannot link anyone, themselves included.
    const own = await link('ann-account', 'bob', ann)
    expect(own.statusCode).toBe(403)
  })

  it('shows a member their own record, plots and place, and nobody else’s', async () => {
    const mine = await details(ann)
    expect(mine.person).toMatchObject({ id: 'ann', firstName: 'Ann', email: 'ann@example.org' })
    expect(mine.place).toBeNull()
    const plots = await send(t, ann, 'GET', '/api/me/plots')
    expect(plots.json()).toEqual([
      {
        id: 'P1',
        name: 'P1',
        siteId: 1,
        description: 'By the gate',
        area: 125,
        coTenants: ['Bob'],
      },
    ])
    // Bob's address and phone number, and his other plot, are nowhere in what Ann is sent.
    for (const url of ['/api/me/details', '/api/me/plots', '/api/me/rent', '/api/me/messages']) {
      const body = (await send(t, ann, 'GET', url)).body
      expect(body, url).not.toContain('9 Secret Lane')
      expect(body, url).not.toContain('07700 900999')
      expect(body, url).not.toContain('P2')
    }
    // The committee's routes for a person stay the committee's.
    for (const url of ['/api/people/bob', '/api/people/bob/messages', '/api/people']) {
      expect((await send(t, ann, 'GET', url)).statusCode, url).toBe(403)
    }
    // Query strings and bodies do not pick the person: the session does.
    const withId = await send(t, ann, 'GET', '/api/me/details?id=bob&personId=bob')
    expect((withId.json() as MyRecord).person.id).toBe('ann')
  })

  it('gives a waiting-list member their place', async () => {
    const wes = await t.signInAs(1, 'wes-account')
    const { id } = await t.db.kysely
      .selectFrom('user')
      .select('id')
      .where('username', '=', 'wes-account')
      .executeTakeFirstOrThrow()
    const response = await send(t, committee, 'PUT', `/api/accounts/${id}/person`, {
      personId: 'wes',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect((await details(wes)).place).toEqual({ position: 2, total: 2 })
  })

  it('lets a waiting-list member answer their own offer, and nobody else', async () => {
    const wes = await t.signInAs(1, 'wes-account')
    await createPlot(t, committee, 'V1')
    const made = await send(t, committee, 'POST', '/api/offers', {
      plotId: 'V1',
      personId: 'wes',
      reason: 'Next in line, asked for a shed',
    })
    expect(made.statusCode, made.body).toBe(201)
    const offers = (await send(t, wes, 'GET', '/api/me/offers')).json() as Array<{
      id: number
      plotId: string
    }>
    expect(offers).toEqual([expect.objectContaining({ plotId: 'V1' })])
    // The committee's note stays the committee's.
    expect(JSON.stringify(offers)).not.toContain('shed')
    const id = offers[0]!.id
    expect((await send(t, ann, 'GET', '/api/me/offers')).json()).toEqual([])
    const notAnns = await send(t, ann, 'POST', `/api/me/offers/${id}/answer`, { answer: 'accept' })
    expect(notAnns.statusCode).toBe(404)
    expect(notAnns.json().detail).toBe(myAllotmentMessages.offerNotYours)

    const accepted = await send(t, wes, 'POST', `/api/me/offers/${id}/answer`, {
      answer: 'accept',
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toMatchObject({ plotId: 'V1', status: 'accepted' })
    expect((await send(t, wes, 'GET', '/api/me/plots')).json()).toEqual([
      expect.objectContaining({ id: 'V1' }),
    ])
    const again = await send(t, wes, 'POST', `/api/me/offers/${id}/answer`, { answer: 'decline' })
    expect(again.statusCode).toBe(409)
  })

  it('saves a member’s own change, logged as theirs, and refuses a stale one', async () => {
    const before = (await details(ann)).person
    const mark = await lastLogId(t)
    const saved = await send(t, ann, 'PUT', '/api/me/details', {
      ...changeable(before),
      phoneNumber: '07700 900123',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ phoneNumber: '07700 900123', version: before.version + 1 })
    await expectOneLog(t, mark, {
      methodName: 'updateOwnDetails',
      userName: 'ann-account',
      eventCollection: 'people',
      docId: 'ann',
    })
    const committeeView = (await send(t, committee, 'GET', '/api/people/ann')).json() as Person
    expect(committeeView.phoneNumber).toBe('07700 900123')

    await expectRefused(
      t,
      ann,
      { userName: 'ann-account', eventCollection: 'people' },
      'PUT',
      '/api/me/details',
      { ...changeable(before), phoneNumber: '01234 000000' },
      409,
      commonMessages.staleVersion,
      'updateOwnDetails',
    )
    // The e-mail address, the lists and the dates are not the member's to change here.
    const sneaky = await send(t, ann, 'PUT', '/api/me/details', {
      ...changeable(committeeView),
      email: 'evil@example.org',
      onWaitingList: true,
      concession: true,
    })
    expect(sneaky.statusCode, sneaky.body).toBe(200)
    expect(sneaky.json()).toMatchObject({
      email: 'ann@example.org',
      onWaitingList: false,
      concession: false,
    })
    expect(JSON.stringify(sneaky.json())).not.toContain('changed')

    // The committee sees on Ann's page what she changed, newest first; the refused one is not there.
    const changes = await send(t, committee, 'GET', '/api/people/ann/own-changes')
    expect(changes.statusCode, changes.body).toBe(200)
    expect(changes.json()).toEqual([
      { at: expect.any(String), userName: 'ann-account', fields: [] },
      { at: expect.any(String), userName: 'ann-account', fields: ['phoneNumber'] },
    ])
    expect((await send(t, ann, 'GET', '/api/people/ann/own-changes')).statusCode).toBe(403)
    expect((await send(t, committee, 'GET', '/api/people/nobody/own-changes')).statusCode).toBe(404)
  })

  it('saves one of a member’s and the committee’s changes made at once, and refuses the other', async () => {
    const current = (await details(ann)).person
    const { id: _id, ...rest } = current
    const [member, secretary] = await Promise.all([
      send(t, ann, 'PUT', '/api/me/details', { ...changeable(current), address: 'Member Road' }),
      send(t, committee, 'PUT', '/api/people/ann', {
        ...rest,
        address: 'Committee Road',
        version: current.version,
      }),
    ])
    expect([member.statusCode, secretary.statusCode].sort()).toEqual([200, 409])
    const winner = member.statusCode === 200 ? 'Member Road' : 'Committee Road'
    expect((await details(ann)).person.address).toBe(winner)
  })

  it('shows a member their invoices and lets them open only their own', async () => {
    const today = t.app.clock.today()
    const started = await startRentYear(t, committee, today)
    expect(started.statusCode, started.body).toBe(201)
    const annRent = (await send(t, ann, 'GET', '/api/me/rent')).json() as MyRent
    const bobRent = (await send(t, bob, 'GET', '/api/me/rent')).json() as MyRent
    // Ann shares P1 with Bob: its invoice is hers to see; P2's is Bob's alone.
    expect(annRent.invoices.map((i) => i.plotId)).toEqual(['P1'])
    expect(bobRent.invoices.map((i) => i.plotId).sort()).toEqual(['P1', 'P2'])
    expect(annRent.invoices[0]!.outstanding).toBeGreaterThan(0)
    const p1 = annRent.invoices[0]!.id
    const p2 = bobRent.invoices.find((i) => i.plotId === 'P2')!.id

    const pdf = await send(t, ann, 'GET', `/api/me/invoices/${p1}/pdf`)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    for (const id of [p2, 999_999]) {
      const refused = await send(t, ann, 'GET', `/api/me/invoices/${id}/pdf`)
      expect(refused.statusCode).toBe(404)
      expect(refused.json().detail).toBe(myAllotmentMessages.invoiceNotYours)
    }
  })

  it("gives a co-tenant the plot's invoice with the payer's name but not the payer's postal address", async () => {
    const [shared] = ((await send(t, ann, 'GET', '/api/me/rent')).json() as MyRent).invoices
    expect(shared!.plotId).toBe('P1')
    const payer = shared!.payerId === 'ann' ? ann : bob
    const coTenant = payer === ann ? bob : ann
    const payersAddress = (await send(t, committee, 'GET', `/api/people/${shared!.payerId}`)).json()
      .address as string
    expect(payersAddress).not.toBe('')
    const textOf = async (cookie: string) => {
      const pdf = await send(t, cookie, 'GET', `/api/me/invoices/${shared!.id}/pdf`)
      expect(pdf.statusCode, pdf.body).toBe(200)
      const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload))
      return (await extractText(document, { mergePages: true })).text
    }
    const payersCopy = await textOf(payer)
    expect(payersCopy).toContain(shared!.payerName)
    expect(payersCopy).toContain(payersAddress)
    const coTenantsCopy = await textOf(coTenant)
    expect(coTenantsCopy).toContain(shared!.payerName)
    expect(coTenantsCopy).not.toContain(payersAddress)
  })

  it('lists what the association sent the member, and only that', async () => {
    const sent = await sendMessage(t, committee, {
      audience: { kind: 'people', ids: ['bob'] },
      subject: 'For Bob only',
      body: 'Hello Bob.',
    })
    expect(sent.statusCode, sent.body).toBe(201)
    const toBob = (await send(t, bob, 'GET', '/api/me/messages')).json() as Array<{
      subject: string
    }>
    expect(toBob.map((m) => m.subject)).toContain('For Bob only')
    const toAnn = (await send(t, ann, 'GET', '/api/me/messages')).body
    expect(toAnn).not.toContain('For Bob only')
  })

  it('lets a member open the letters sent to them, and no one else’s', async () => {
    // Zoe, just on the waiting list, has no e-mail address: she is written to by post.
    await createPerson(t, committee, 'zoe', {
      firstName: 'Zoe',
      email: '',
      contactBy: 'post',
      onWaitingList: true,
      joinedWaitingList: '2026-01-01',
    })
    expect((await link('zoe-account', 'zoe')).statusCode).toBe(200)
    const sent = await sendMessage(t, committee, {
      audience: { kind: 'people', ids: ['ann', 'zoe'] },
      subject: 'Bonfire night',
      body: 'Bring a torch.',
    })
    expect(sent.statusCode, sent.body).toBe(201)
    const copies = await t.db.kysely
      .selectFrom('messages')
      .select(['id', 'personId', 'channel'])
      .where('batchId', '=', sent.json().batchId)
      .execute()
    const toZoe = copies.find((c) => c.personId === 'zoe')!
    const toAnn = copies.find((c) => c.personId === 'ann')!
    // Ann's copy is an e-mail, with no PDF to open.
    expect([toZoe.channel, toAnn.channel]).toEqual(['post', 'email'])

    const letter = await send(t, zoe, 'GET', `/api/me/letters/${toZoe.id}/pdf`)
    expect(letter.statusCode, letter.body).toBe(200)
    expect(letter.headers['content-type']).toBe('application/pdf')
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(letter.rawPayload)), {
      mergePages: true,
    })
    expect(text).toContain('Bonfire night')
    expect(text).toContain('Bring a torch.')
    for (const [cookie, id] of [
      [ann, toZoe.id],
      [ann, toAnn.id],
      [zoe, 999_999],
    ] as const) {
      const refused = await send(t, cookie, 'GET', `/api/me/letters/${id}/pdf`)
      expect(refused.statusCode).toBe(404)
      expect(refused.json().detail).toBe(myAllotmentMessages.letterNotYours)
    }
  })

  it('lets a member on the waiting list say in the page that they still want a plot, once', async () => {
    const realClock = t.app.config.clock
    const askOn = addDays(t.app.clock.today(), 1)
    const admin = await t.signInAs(4)
    const settings = (await send(t, admin, 'GET', '/api/letting/settings')).json()
    const saved = await send(t, admin, 'PUT', '/api/letting/settings', {
      ...settings,
      stillWantDate: askOn.slice(5),
      stillWantDays: 10,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await send(t, zoe, 'GET', '/api/me/still-want')).json()).toBeNull()
    const notAsked = await send(t, zoe, 'POST', '/api/me/still-want')
    expect(notAsked.statusCode).toBe(404)
    expect(notAsked.json().detail).toBe(myAllotmentMessages.noStillWantQuestion)

    // The question goes out in the morning of the day the settings name.
    t.app.config.clock = () => new Date(`${askOn}T12:00:00Z`)
    try {
      await t.app.jobs.runDue()
      const closesOn = addDays(askOn, 10)
      expect((await send(t, zoe, 'GET', '/api/me/still-want')).json()).toEqual({
        closesOn,
        answered: false,
      })
      // Ann is not on the list: she was never asked.
      expect((await send(t, ann, 'GET', '/api/me/still-want')).json()).toBeNull()
      expect((await send(t, ann, 'POST', '/api/me/still-want')).statusCode).toBe(404)

      const mark = await lastLogId(t)
      const stayed = await send(t, zoe, 'POST', '/api/me/still-want')
      expect(stayed.statusCode, stayed.body).toBe(200)
      expect(stayed.json()).toEqual({ closesOn })
      await expectOneLog(t, mark, {
        methodName: 'stillWantPlot',
        userName: 'zoe-account',
        eventCollection: 'people',
        docId: 'zoe',
      })
      expect((await send(t, zoe, 'POST', '/api/me/still-want')).statusCode).toBe(200)
      expect(
        (await t.db.kysely.selectFrom('logs').select('id').where('id', '>', mark).execute()).length,
      ).toBe(1)
      expect((await send(t, zoe, 'GET', '/api/me/still-want')).json()).toEqual({
        closesOn,
        answered: true,
      })
      // The letter's or e-mail's link is single-use: answered here, it stops working.
      const answer = await t.db.kysely
        .selectFrom('still_want_answers')
        .select('tokenHash')
        .where('personId', '=', 'zoe')
        .executeTakeFirstOrThrow()
      expect(answer.tokenHash).toBeNull()
    } finally {
      t.app.config.clock = realClock
    }
  })

  it('keeps every member route of the access matrix to the member’s own record', async () => {
    // A download's files are read as the member would read them.
    const readable = (response: Awaited<ReturnType<typeof send>>) =>
      response.headers['content-type'] === 'application/zip'
        ? Object.values(unzipSync(new Uint8Array(response.rawPayload)))
            .map((file) => strFromU8(file))
            .join('\n')
        : response.body
    const others = {
      invoice: await t.db.kysely
        .selectFrom('invoices')
        .select('id')
        .where('payerId', '!=', 'ann')
        .executeTakeFirstOrThrow(),
      offer: await t.db.kysely
        .selectFrom('offers')
        .select('id')
        .where('personId', '!=', 'ann')
        .executeTakeFirstOrThrow(),
      letter: await t.db.kysely
        .selectFrom('messages')
        .select('id')
        .where('personId', '!=', 'ann')
        .where('channel', '=', 'post')
        .executeTakeFirstOrThrow(),
    }
    const ann0 = (await details(ann)).person
    // Each route as Ann would call it, aimed at someone else's record wherever it takes an id.
    const calls: Record<string, { url: string; body?: object }> = {
      'GET /api/me/details': { url: '/api/me/details' },
      'PUT /api/me/details': { url: '/api/me/details', body: changeable(ann0) },
      'PUT /api/me/email': { url: '/api/me/email', body: { email: 'ann.new@example.org' } },
      'GET /api/me/plots': { url: '/api/me/plots' },
      'GET /api/me/rent': { url: '/api/me/rent' },
      'GET /api/me/invoices/{id}/pdf': { url: `/api/me/invoices/${others.invoice.id}/pdf` },
      'GET /api/me/messages': { url: '/api/me/messages' },
      'GET /api/me/offers': { url: '/api/me/offers' },
      'POST /api/me/offers/{id}/answer': {
        url: `/api/me/offers/${others.offer.id}/answer`,
        body: { answer: 'decline' },
      },
      'GET /api/me/still-want': { url: '/api/me/still-want' },
      'POST /api/me/still-want': { url: '/api/me/still-want' },
      'GET /api/me/letters/{id}/pdf': { url: `/api/me/letters/${others.letter.id}/pdf` },
      'GET /api/me/personal-data': { url: '/api/me/personal-data' },
      'GET /api/me/keys': { url: '/api/me/keys' },
      'GET /api/me/work-hours': { url: '/api/me/work-hours' },
      'GET /api/me/calendar-address': { url: '/api/me/calendar-address' },
      'POST /api/me/calendar-address': { url: '/api/me/calendar-address' },
    }
    const memberRoutes = matrix
      .filter((route) => route.path.startsWith('/api/me/'))
      .map((route) => `${route.method} ${route.path}`)
    expect(Object.keys(calls).sort()).toEqual(memberRoutes.sort())

    const othersBefore = await t.db.kysely
      .selectFrom('people')
      .selectAll()
      .where('id', '!=', 'ann')
      .orderBy('id')
      .execute()
    for (const [route, { url, body }] of Object.entries(calls)) {
      const response = await send(t, ann, route.split(' ')[0] as 'GET', url, body)
      if (route.includes('{id}')) {
        expect(response.statusCode, route).toBe(404)
      } else {
        expect(response.statusCode, `${route}: ${response.body}`).toBeLessThan(500)
        // Bob shares Ann's plot and is named on it by his first name; nothing more of his.
        expect(readable(response), route).not.toMatch(/Secret Lane|07700 900999|Zoe/)
      }
    }
    const othersAfter = await t.db.kysely
      .selectFrom('people')
      .selectAll()
      .where('id', '!=', 'ann')
      .orderBy('id')
      .execute()
    expect(othersAfter).toEqual(othersBefore)
  })

  it('tells a member whose record was removed why their pages are empty', async () => {
    const removed = await send(t, committee, 'DELETE', '/api/people/bob')
    expect(removed.statusCode, removed.body).toBe(204)
    const response = await send(t, bob, 'GET', '/api/me/details')
    expect(response.statusCode).toBe(404)
    const today = t.app.config.clock().toISOString().slice(0, 10)
    expect(response.json().detail).toBe(myAllotmentMessages.recordRemoved(today))
    const accounts = (await send(t, committee, 'GET', '/api/accounts')).json() as Array<{
      userName: string
      personId: string | null
    }>
    expect(accounts.find((a) => a.userName === 'bob-account')?.personId).toBeNull()
    // Ann's record stays linked to Ann's account alone.
    expect((await link('bob-account', 'ann')).statusCode).toBe(409)
  })

  // Last: it adds a second site, which the one-site answers above do not have.
  it('names each of a member’s plots and its site, when two sites each have one of that name', async () => {
    const admin = await t.signInAs(4, 'admin')
    const northfield = await createSite(t, admin, 'Northfield')
    const second = await createPlot(t, admin, 'P1', { siteId: northfield.id })
    expect(second.id).toBe('P1-2')
    const added = await send(t, committee, 'PUT', `/api/plots/${second.id}/tenants/ann`)
    expect(added.statusCode, added.body).toBe(200)
    const plots = await send(t, ann, 'GET', '/api/me/plots')
    expect(plots.statusCode, plots.body).toBe(200)
    expect(
      plots.json<{ id: string; name: string; siteId: number }[]>().map(({ id, name, siteId }) => ({
        id,
        name,
        siteId,
      })),
    ).toEqual([
      { id: 'P1', name: 'P1', siteId: 1 },
      { id: 'P1-2', name: 'P1', siteId: northfield.id },
    ])
  })
})
