import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MyRecord, Person } from '#shared/schemas/person'
import { offerMessages } from '#shared/messages/offers'
import {
  createPerson,
  createPlot,
  lastLogId,
  linkAccount,
  logsAfter,
  send,
  sendMessage,
} from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 44: a person has a title, which letters greet them by ("Dear Mrs Ellison"), and the
// committee's notes, which are personal data like the rest of the record: saved, shown, logged,
// in the person's data download, and erased with them.
describe.each(engines)('a person’s title and notes on %s', (engine) => {
  let t: TestApp
  let committee = ''
  let offerId = 0

  beforeAll(async () => {
    t = await createTestApp(engine)
    committee = await t.signInAs(3, 'committee1')
  })
  afterAll(() => t.close())

  const person = async (id: string) =>
    (await send(t, committee, 'GET', `/api/people/${id}`)).json<Person>()
  // The record as the person form sends it back, changed.
  const update = (record: Person, changes: Partial<Person>) => {
    const {
      id: _id,
      plots: _plots,
      isPlotHolder: _holder,
      onWaitingList: _waiting,
      ...rest
    } = {
      ...record,
      ...changes,
    }
    return send(t, committee, 'PUT', `/api/people/${record.id}`, rest)
  }
  const copiesTo = (personId: string) =>
    t.db.kysely
      .selectFrom('messages')
      .select(['channel', 'recipient', 'subject', 'body'])
      .where('personId', '=', personId)
      .orderBy('id')
      .execute()

  it('saves a title and notes, shows them on the record and in the list, and logs them as changes', async () => {
    const mark = await lastLogId(t)
    const created = await createPerson(t, committee, 'mellison', {
      title: ' Mrs ',
      firstName: 'Margaret',
      lastName: 'Ellison',
      email: 'margaret@example.org',
      notes: 'Wants a half plot',
      onWaitingList: true,
    })
    expect(created).toMatchObject({ title: 'Mrs', notes: 'Wants a half plot' })
    const changed = await update(created, { notes: 'Wants a half plot\nNo e-mail: post only' })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(await person('mellison')).toMatchObject({
      title: 'Mrs',
      notes: 'Wants a half plot\nNo e-mail: post only',
      version: 2,
    })
    const waiting = (await send(t, committee, 'GET', '/api/people?status=waitinglist')).json()
    expect(waiting.find((p: Person) => p.id === 'mellison')).toMatchObject({
      title: 'Mrs',
      notes: 'Wants a half plot\nNo e-mail: post only',
    })
    const logged = (await logsAfter(t, mark)).map((entry) => ({
      methodName: entry.methodName,
      docId: entry.docId,
      value: JSON.parse(entry.value),
    }))
    expect(logged).toMatchObject([
      { methodName: 'createPerson', docId: 'mellison', value: { title: 'Mrs' } },
      {
        methodName: 'updatePerson',
        docId: 'mellison',
        value: { notes: 'Wants a half plot\nNo e-mail: post only' },
      },
    ])
    // A form made before the fields (a tab open since) leaves them as they are.
    const { title: _title, notes: _notes, ...older } = await person('mellison')
    expect((await update(older as Person, { phoneNumber: '01234 000000' })).statusCode).toBe(200)
    expect(await person('mellison')).toMatchObject({
      title: 'Mrs',
      notes: 'Wants a half plot\nNo e-mail: post only',
    })
  })

  it('greets by title and last name in the letters ("Dear Mrs Ellison"), and as before without a title', async () => {
    await createPerson(t, committee, 'tom', {
      firstName: 'Tom',
      lastName: 'Untitled',
      email: 'tom@example.org',
      onWaitingList: true,
    })
    const sent = await sendMessage(t, committee, {
      audience: { kind: 'people', ids: ['mellison', 'tom'] },
      subject: 'The AGM',
      body: 'Dear {dearName},\nThe AGM is on Friday.',
    })
    expect(sent.statusCode, sent.body).toBe(201)
    expect((await copiesTo('mellison')).at(-1)?.body).toBe(
      'Dear Mrs Ellison,\nThe AGM is on Friday.',
    )
    expect((await copiesTo('tom')).at(-1)?.body).toBe('Dear Tom,\nThe AGM is on Friday.')

    // The association's own letters greet so too: an offer of a plot, by post to the envelope.
    await createPlot(t, committee, 'V1')
    const ellison = await person('mellison')
    expect((await update(ellison, { email: '', address: '4 Orchard Lane' })).statusCode).toBe(200)
    const offered = await send(t, committee, 'POST', '/api/offers', {
      plotId: 'V1',
      personId: 'mellison',
      reason: 'Asked for a plot by the gate',
    })
    expect(offered.statusCode, offered.body).toBe(201)
    offerId = offered.json().id
    const letter = (await copiesTo('mellison')).find(
      (copy) => copy.subject === offerMessages.offerSubject('V1'),
    )
    expect(letter).toMatchObject({
      channel: 'post',
      recipient: 'Mrs Margaret Ellison\n4 Orchard Lane',
      body: expect.stringMatching(/^Dear Mrs Ellison,\n/),
    })
  })

  it('lets members change their own title, and never the committee’s notes', async () => {
    const cookie = await t.signInAs(1, 'tom-account')
    await linkAccount(t, committee, 'tom-account', 'tom')
    await update(await person('tom'), { notes: 'Prefers Thomas' })
    const { person: own } = (await send(t, cookie, 'GET', '/api/me/details')).json<MyRecord>()
    const saved = await send(t, cookie, 'PUT', '/api/me/details', {
      title: 'Dr',
      firstName: own.firstName,
      lastName: own.lastName,
      address: own.address,
      phoneNumber: own.phoneNumber,
      altEmail: own.altEmail,
      contactBy: own.contactBy,
      notes: 'I am lovely',
      version: own.version,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(await person('tom')).toMatchObject({ title: 'Dr', notes: 'Prefers Thomas' })
    const changes = (await send(t, committee, 'GET', '/api/people/tom/own-changes')).json()
    expect(changes[0]).toMatchObject({ userName: 'tom-account', fields: ['title'] })
  })

  it('puts the title and notes in the person’s data download', async () => {
    const response = await send(t, committee, 'GET', '/api/people/mellison/personal-data')
    expect(response.statusCode, response.body).toBe(200)
    const files = unzipSync(new Uint8Array(response.rawPayload))
    const data = JSON.parse(strFromU8(files['data.json']!))
    expect(data.person).toMatchObject({
      title: 'Mrs',
      notes: 'Wants a half plot\nNo e-mail: post only',
    })
    const html = strFromU8(files['summary.html']!)
    expect(html).toContain('<dt>notes</dt><dd>Wants a half plot<br>No e-mail: post only</dd>')
    expect(html).toContain('<dt>title</dt><dd>Mrs</dd>')
  })

  it('erases the notes with the person: every text they had, wherever the log kept their record', async () => {
    const withdrawn = await send(t, committee, 'POST', `/api/offers/${offerId}/withdraw`, {
      reason: 'She asked us to forget her',
    })
    expect(withdrawn.statusCode, withdrawn.body).toBe(200)
    await update(await person('mellison'), { notes: 'Said "never" to plot 9\ttwice' })
    const erased = await send(t, committee, 'POST', '/api/people/mellison/erasure')
    expect(erased.statusCode, erased.body).toBe(200)
    const { id } = erased.json() as { id: string }
    expect(await person(id)).toMatchObject({ title: '', notes: '', reference: '' })
    const entries = await t.db.kysely
      .selectFrom('logs')
      .select('value')
      .where('docId', '=', id)
      .execute()
    const log = entries.map((entry) => entry.value).join('\n')
    for (const earlier of [
      'Wants a half plot',
      'No e-mail: post only',
      'Said \\"never\\" to plot 9\\ttwice',
    ])
      expect(log).not.toContain(earlier)
    // Where the notes stood, the marker stands, and the entries are still JSON.
    expect(entries.map((entry) => JSON.parse(entry.value))).toContainEqual(
      expect.objectContaining({ notes: erased.json().name }),
    )
  })
})
