import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commonMessages } from '#shared/messages/common'
import { createPerson, personInput, send } from '#tests/helpers/records'
import { createTestApp, engines, PASSWORD, type TestApp } from '#tests/helpers/test-app'

// Issue 42, low 5: the association's e-mails greet people by the names typed into its forms
// ("Hello Your plot is forfeit - pay now at https://evil.example/pay"). A name is a name: a link
// or a web address in one is refused, naming the field, and nothing is saved.

const PHISHING = 'Your plot is forfeit - pay now at https://evil.example/pay'

describe.each(engines)('links and web addresses in names on %s', (engine) => {
  let t: TestApp
  let committee = ''
  let member = ''
  beforeAll(async () => {
    t = await createTestApp(engine)
    committee = await t.signInAs(3)
    member = await t.signInAs(1, 'lou-account')
    await createPerson(t, committee, 'lou', { firstName: 'Lou', email: 'lou@example.org' })
    const { id } = await t.db.kysely
      .selectFrom('user')
      .select('id')
      .where('username', '=', 'lou-account')
      .executeTakeFirstOrThrow()
    await send(t, committee, 'PUT', `/api/accounts/${id}/person`, { personId: 'lou' })
  })
  afterAll(() => t.close())

  const myRecord = async () =>
    (await send(t, member, 'GET', '/api/me/details')).json<{
      person: { firstName: string; lastName: string; version: number }
    }>().person

  it.each([
    ['firstName', PHISHING, 'first name'],
    ['firstName', 'http://evil.example', 'first name'],
    ['lastName', 'www.evil.example', 'last name'],
    ['lastName', 'Pay at evil.example/pay', 'last name'],
    ['lastName', 'EVIL.EXAMPLE/PAY', 'last name'],
  ])("refuses a member's own %s of %j, naming the field", async (field, value, named) => {
    const before = await myRecord()
    const refused = await send(t, member, 'PUT', '/api/me/details', {
      ...before,
      address: '',
      phoneNumber: '',
      altEmail: '',
      contactBy: 'email',
      [field]: value,
    })
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json().detail).toBe(commonMessages.linkInName(named))
    expect(await myRecord()).toEqual(before)
  })

  it("refuses a link in a person's name from the committee and from an application", async () => {
    const person = await send(
      t,
      committee,
      'POST',
      '/api/people',
      personInput('linked', { lastName: 'see https://evil.example/pay' }),
    )
    expect(person.statusCode, person.body).toBe(400)
    expect(person.json().detail).toBe(commonMessages.linkInName('last name'))
    const application = await send(t, undefined, 'POST', '/api/apply', {
      firstName: 'www.evil.example',
      lastName: 'Applicant',
      email: 'applicant@example.org',
      phoneNumber: '',
      address: '',
      note: '',
      consent: true,
    })
    expect(application.statusCode, application.body).toBe(400)
    expect(application.json().detail).toBe(commonMessages.linkInName('first name'))
  })

  it('refuses a web address as a user name, which greets the account in its e-mails', async () => {
    const registered = await send(t, undefined, 'POST', '/api/register', {
      userName: 'www.evil.example',
      level: 1,
      email: 'someone@example.org',
      password: PASSWORD,
    })
    expect(registered.statusCode, registered.body).toBe(400)
    expect(registered.json().detail).toBe(commonMessages.linkInName('user name'))
  })

  it('keeps names that only look a little like addresses', async () => {
    const before = await myRecord()
    for (const [firstName, lastName] of [
      ['J.R.R.', 'St. John-Smith'],
      ['Ann-Marie', "O'Neil / Smith"],
    ]) {
      const saved = await send(t, member, 'PUT', '/api/me/details', {
        firstName,
        lastName,
        address: '',
        phoneNumber: '',
        altEmail: '',
        contactBy: 'email',
        version: (await myRecord()).version,
      })
      expect(saved.statusCode, saved.body).toBe(200)
    }
    expect((await myRecord()).version).toBe(before.version + 2)
  })
})
