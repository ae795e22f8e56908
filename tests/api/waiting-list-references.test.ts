import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lettingMessages } from '#shared/messages/letting'
import type { Place } from '#shared/schemas/letting'
import type { Person } from '#shared/schemas/person'
import { giveReferences } from '#server/core/db/migrations/036-person-title-notes-reference'
import { postImport } from '#tests/helpers/import'
import { createPerson, send } from '#tests/helpers/records'
import { csvBytes, csvFile } from '#tests/helpers/spreadsheets'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 44: everyone on the waiting list has a reference for "Where am I on the list?", however
// they came onto it (by hand, by import, moved there, by application), and the committee sends
// them all theirs in one message, each their own, by e-mail or by letter.
const REFERENCE = /^[A-HJ-NP-Z2-9]{8}$/

describe.each(engines)('waiting-list references on %s', (engine) => {
  let t: TestApp
  let committee = ''

  beforeAll(async () => {
    t = await createTestApp(engine)
    committee = await t.signInAs(3, 'committee1')
    for (const [id, joinedWaitingList] of [
      ['wendy', '2019-04-01'],
      ['walt', '2020-03-01'],
    ])
      await createPerson(t, committee, id!, {
        firstName: id!.replace(/^./, (c) => c.toUpperCase()),
        lastName: 'Waiting',
        email: `${id}@example.org`,
        onWaitingList: true,
        joinedWaitingList,
      })
  })
  afterAll(() => t.close())

  const person = async (id: string) =>
    (await send(t, committee, 'GET', `/api/people/${id}`)).json<Person>()
  // The public page's lookup, as anyone may make it.
  const findPlace = (reference: string, email: string) =>
    send(t, undefined, 'POST', '/api/apply/position', { reference, email })

  it('gives someone added to the list by hand a reference that finds their place, with their address', async () => {
    const wendy = await person('wendy')
    expect(wendy.reference).toMatch(REFERENCE)
    expect((await person('walt')).reference).not.toBe(wendy.reference)
    // Typed in lower case, the address in capitals, as people do.
    const found = await findPlace(wendy.reference.toLowerCase(), 'WENDY@example.org')
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json<Place>()).toEqual({
      reference: wendy.reference,
      position: 1,
      total: 2,
      places: [{ siteId: 1, siteName: expect.any(String), position: 1, total: 2 }],
    })
    // Neither alone: another's address, or another's reference, finds nothing, and says the same.
    for (const [reference, email] of [
      [wendy.reference, 'walt@example.org'],
      [(await person('walt')).reference, 'wendy@example.org'],
    ]) {
      const refused = await findPlace(reference!, email!)
      expect(refused.statusCode).toBe(404)
      expect(refused.json().detail).toBe(lettingMessages.notFound)
    }
  })

  it('gives people imported onto the list references that find their places', async () => {
    const rows = [
      ['Forename', 'Surname', 'E-mail', 'Waiting?', 'Applied'],
      ['Imogen', 'Imported', 'imogen@example.org', 'yes', '2021-06-15'],
      ['Ivor', 'Imported', 'ivor@example.org', 'yes', '2022-01-10'],
    ]
    const mapping = {
      firstName: 'Forename',
      lastName: 'Surname',
      email: 'E-mail',
      onWaitingList: 'Waiting?',
      joinedWaitingList: 'Applied',
    }
    const admin = await t.signInAs(4, 'admin1')
    const imported = await postImport(
      t,
      admin,
      '',
      { kind: 'people', tables: JSON.stringify([{ mapping }]) },
      csvFile(csvBytes(rows)),
    )
    expect(imported.statusCode, imported.body).toBe(200)
    const waiting = (await send(t, committee, 'GET', '/api/people?status=waitinglist')).json()
    expect(waiting.map((p: Person) => p.id)).toEqual(['wendy', 'walt', 'imogeni', 'ivori'])
    const references = waiting.map((p: Person) => p.reference)
    expect(new Set(references).size).toBe(4)
    for (const reference of references) expect(reference).toMatch(REFERENCE)
    const ivor = waiting[3] as Person
    const found = await findPlace(ivor.reference, 'ivor@example.org')
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json<Place>()).toMatchObject({ position: 4, total: 4 })
    // The import's log keeps each record as it was saved, its reference with it.
    const logged = await t.db.kysely
      .selectFrom('logs')
      .select('value')
      .where('methodName', '=', 'createPerson')
      .where('docId', '=', 'ivori')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(logged.value)).toMatchObject({ reference: ivor.reference })
  })

  it('keeps a person’s reference as they move onto the list and off it, and finds them only while on it', async () => {
    const pete = await createPerson(t, committee, 'pete', {
      firstName: 'Pete',
      lastName: 'Holder',
      email: 'pete@example.org',
    })
    expect(pete.reference).toMatch(REFERENCE)
    expect((await findPlace(pete.reference, 'pete@example.org')).statusCode).toBe(404)
    const moved = await send(t, committee, 'POST', '/api/people/pete/move-to-waiting-list')
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json<Person>().reference).toBe(pete.reference)
    const found = await findPlace(pete.reference, 'pete@example.org')
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json<Place>()).toMatchObject({ position: 5, total: 5 })
  })

  it('sends everyone on the list their own reference and place in one message, by letter to those without e-mail', async () => {
    await createPerson(t, committee, 'polly', {
      title: 'Mrs',
      firstName: 'Polly',
      lastName: 'Post',
      email: '',
      address: '2 Lane\nRiverside RV2 2BB',
      onWaitingList: true,
      joinedWaitingList: '2025-01-01',
    })
    const draft = {
      audience: { kind: 'waitinglist' },
      subject: 'Your place on the waiting list',
      body: 'Dear {dearName},\nYou are number {place} on our waiting list. Your reference is {reference}.',
    }
    const plan = await send(t, committee, 'POST', '/api/messages/plan', draft)
    expect(plan.statusCode, plan.body).toBe(200)
    const wendy = await person('wendy')
    expect(plan.json()).toMatchObject({
      people: 6,
      email: 5,
      post: 1,
      sample: {
        personId: 'wendy',
        copies: [
          {
            body: `Dear Wendy,\nYou are number 1 of 6 on our waiting list. Your reference is ${wendy.reference}.`,
          },
        ],
      },
    })
    const { confirmation } = plan.json<{ confirmation: string }>()
    const sent = await send(t, committee, 'POST', '/api/messages', { ...draft, confirmation })
    expect(sent.statusCode, sent.body).toBe(201)
    const { batchId } = sent.json() as { batchId: number }
    const copies = await t.db.kysely
      .selectFrom('messages')
      .select(['personId', 'channel', 'body'])
      .where('batchId', '=', batchId)
      .orderBy('id')
      .execute()
    const waiting = (await send(t, committee, 'GET', '/api/people?status=waitinglist')).json()
    expect(copies).toEqual(
      waiting.map((p: Person, index: number) => ({
        personId: p.id,
        channel: p.email ? 'email' : 'post',
        body: `Dear ${p.id === 'polly' ? 'Mrs Post' : p.firstName},\nYou are number ${index + 1} of 6 on our waiting list. Your reference is ${p.reference}.`,
      })),
    )
    // The letter prints as the others do, from Messages' letters.
    const letters = await send(t, committee, 'GET', `/api/messages/${batchId}/letters.pdf`)
    expect(letters.statusCode).toBe(200)
    const pdf = await getDocumentProxy(new Uint8Array(letters.rawPayload))
    const { text } = await extractText(pdf, { mergePages: true })
    expect(text).toContain('Mrs Polly Post\n2 Lane\nRiverside RV2 2BB')
    expect(text).toContain(`Your reference is ${(await person('polly')).reference}.`)
  })

  it('gives those on record before references theirs (migration 036): an applicant’s is the application’s', async () => {
    const db = t.db.kysely
    const before = await person('walt')
    await db
      .updateTable('people')
      .set({ reference: null })
      .where('id', 'in', ['wendy', 'pete'])
      .execute()
    await db
      .insertInto('applications')
      .values({
        reference: 'APPLY234',
        nickname: 'wendy',
        firstName: 'Wendy',
        lastName: 'Waiting',
        email: 'wendy@example.org',
        phoneNumber: '',
        address: '',
        note: '',
        tokenHash: null,
        tokenExpiresAt: null,
        createdAt: '2019-03-30T10:00:00.000Z',
        confirmedAt: '2019-04-01T10:00:00.000Z',
      })
      .execute()
    await giveReferences(db)
    expect((await person('wendy')).reference).toBe('APPLY234')
    expect((await person('pete')).reference).toMatch(REFERENCE)
    expect((await person('walt')).reference).toBe(before.reference)
    const found = await findPlace('apply234', 'wendy@example.org')
    expect(found.statusCode, found.body).toBe(200)
  })
})
