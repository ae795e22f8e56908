import fs from 'node:fs'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { erasureMessages } from '#shared/messages/erasure'
import { peopleMessages } from '#shared/messages/people'
import type { Person } from '#shared/schemas/person'
import { givePersonAHistory } from '#tests/helpers/person-history'
import { send, snapshot } from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 30, item 2: erasing a person's details replaces them everywhere they are kept with
// "Former member N", in one change, keeping the accounts; the database's files and the outbox
// keep nothing of them afterwards.
const SURNAME = 'Featherstonehaugh'
const EMAIL = 'erin.f@example.org'
const PHONE = '07700 900456'
const STREET = '12 Quillfeather Row'
const SECRETS = [SURNAME, EMAIL, PHONE, STREET, 'Quillfeather', 'erinf-account']

describe.each(engines)('erasing a person’s details on %s', (engine) => {
  let t: TestApp
  let committee = ''
  let erin = ''
  let invoiceId = 0

  /** Every row of every table, as text: where an erased detail must not be found. */
  const everyRow = async () => {
    const tables = await t.db.kysely.introspection.getTables()
    const rows: string[] = []
    for (const { name } of tables) {
      if (name.startsWith('kysely_')) continue
      const table = name as 'people'
      rows.push(JSON.stringify(await t.db.kysely.selectFrom(table).selectAll().execute()))
    }
    return rows.join('\n')
  }
  /** Every byte of every file in the data folder, as text. */
  const dataFolder = () =>
    fs
      .readdirSync(t.dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name)).toString('latin1'))
      .join('\n')

  beforeAll(async () => {
    t = await createTestApp(engine)
    committee = await t.signInAs(3)
    erin = await t.signInAs(1, 'erinf-account')
    invoiceId = await givePersonAHistory(t, committee, {
      id: 'erinf',
      person: {
        firstName: 'Erin',
        lastName: SURNAME,
        email: EMAIL,
        phoneNumber: '07700 900001',
        address: `${STREET}\nBramblebury BB1 2CD`,
        onWaitingList: true,
      },
      account: 'erinf-account',
      plotId: 'E1',
      other: { id: 'olly', email: 'olly@example.org' },
    })
    // Edited, so that an older version of the row was written and overwritten.
    const current = (await send(t, committee, 'GET', '/api/people/erinf')).json() as Person
    const saved = await send(t, committee, 'PUT', '/api/people/erinf', {
      ...current,
      phoneNumber: PHONE,
    })
    expect(saved.statusCode, saved.body).toBe(200)
  })
  afterAll(() => t.close())

  const erase = (id: string) => send(t, committee, 'POST', `/api/people/${id}/erasure`)
  const check = async (id: string) =>
    (await send(t, committee, 'GET', `/api/people/${id}/erasure`)).json()

  it('refuses while they hold a plot or owe money, says why, and changes nothing', async () => {
    const owed = (await send(t, committee, 'GET', `/api/rent/invoices/${invoiceId}`)).json()
      .outstanding as number
    const blockers = [
      erasureMessages.holdsPlots(['E1']),
      erasureMessages.owesMoney(`£${(owed / 100).toFixed(2)}`),
    ]
    expect(await check('erinf')).toEqual({ erasedOn: null, blockers })
    const before = await snapshot(t)
    const refused = await erase('erinf')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toBe(erasureMessages.cannotErase(blockers))
    expect(await snapshot(t)).toEqual(before)

    // The tenancy ends and the rent is paid: nothing stands in the way any more.
    expect((await send(t, committee, 'DELETE', '/api/plots/E1/tenants/erinf')).statusCode).toBe(200)
    const paid = await send(t, committee, 'POST', `/api/rent/invoices/${invoiceId}/payments`, {
      amount: owed,
      method: 'cash',
      date: t.app.clock.today(),
      reference: `Paid by Erin ${SURNAME}`,
      requestId: randomUUID(),
    })
    expect(paid.statusCode, paid.body).toBe(201)
    expect(await check('erinf')).toEqual({ erasedOn: null, blockers: [] })
  })

  it('replaces their details everywhere with a marker, keeping the accounts', async () => {
    expect((await everyRow()).includes(SURNAME)).toBe(true)
    const erased = await erase('erinf')
    expect(erased.statusCode, erased.body).toBe(200)
    expect(erased.json()).toEqual({ id: 'former-1', name: 'Former member 1' })

    expect((await send(t, committee, 'GET', '/api/people/erinf')).statusCode).toBe(404)
    const former = (await send(t, committee, 'GET', '/api/people/former-1')).json() as Person
    expect(former).toMatchObject({
      firstName: 'Former member 1',
      lastName: '',
      address: '',
      email: '',
      phoneNumber: '',
      onWaitingList: false,
    })
    const invoice = (await send(t, committee, 'GET', `/api/rent/invoices/${invoiceId}`)).json()
    expect(invoice).toMatchObject({
      payerId: 'former-1',
      payerName: 'Former member 1',
      outstanding: 0,
    })
    expect(invoice.paid).toBeGreaterThan(0)
    // The invoice's e-mail, the message and the notice: when and how each went is kept, to the
    // marker; the notice is theirs under the marker's id.
    const copies = (await send(t, committee, 'GET', '/api/people/former-1/messages')).json()
    expect(copies).toHaveLength(3)
    const notices = (await send(t, committee, 'GET', '/api/inspection-notices')).json()
    expect(notices).toEqual([
      expect.objectContaining({ plotId: 'E1', tenants: ['Former member 1'] }),
    ])
    expect(copies).toContainEqual(
      expect.objectContaining({ subject: 'Water off on Sunday', recipient: 'Former member 1' }),
    )
    for (const copy of copies) expect(copy.recipient).toBe('Former member 1')
    // Olly's copy of the same message is his as it was.
    const olly = (await send(t, committee, 'GET', '/api/people/olly/messages')).json()
    expect(olly).toEqual([expect.objectContaining({ recipient: 'olly@example.org' })])

    const everything = await everyRow()
    for (const secret of SECRETS) expect(everything, secret).not.toContain(secret)
    expect(everything).not.toContain('"erinf"')
    // The first name too, where it stood as a value in the log.
    expect(everything).not.toContain('\\"Erin\\"')
    const logged = await t.db.kysely
      .selectFrom('logs')
      .select(['methodName', 'docId', 'userName', 'error'])
      .where('methodName', '=', 'erasePerson')
      .orderBy('id')
      .execute()
    // The refused attempt and the erasure, both under the record's new id.
    expect(logged.map(({ error, ...entry }) => ({ ...entry, refused: error !== 'null' }))).toEqual([
      { methodName: 'erasePerson', docId: 'former-1', userName: 'level3', refused: true },
      { methodName: 'erasePerson', docId: 'former-1', userName: 'level3', refused: false },
    ])

    // Their account is closed: its session has ended, and its password is gone with it.
    expect((await send(t, erin, 'GET', '/api/me/details')).statusCode).toBe(401)
    const account = await t.db.kysely
      .selectFrom('user')
      .select(['id', 'username', 'disabled', 'personId'])
      .where('username', '=', 'former-1')
      .executeTakeFirstOrThrow()
    expect(Boolean(account.disabled)).toBe(true)
    expect(account.personId).toBeNull()
    const ways = await t.db.kysely
      .selectFrom('account')
      .select('id')
      .where('userId', '=', account.id)
      .execute()
    expect(ways).toEqual([])
  })

  it.runIf(engine === 'sqlite')('leaves nothing of them in the data folder’s files', () => {
    const bytes = dataFolder()
    for (const secret of SECRETS) expect(bytes.includes(secret), secret).toBe(false)
    // The other member is still there, as a check that the search reads the files.
    expect(bytes).toContain('olly@example.org')
  })

  it('refuses to erase the record twice, or someone who is not there', async () => {
    const twice = await erase('former-1')
    expect(twice.statusCode).toBe(409)
    expect(twice.json().detail).toBe(erasureMessages.alreadyErased)
    expect((await check('former-1')).erasedOn).toBe(t.app.clock.today())
    // The record is kept for the accounts, not chosen again.
    const everyone = (await send(t, committee, 'GET', '/api/people')).json() as Person[]
    expect(everyone.map((person) => person.id)).not.toContain('former-1')
    const tenant = await send(t, committee, 'PUT', '/api/plots/E1/tenants/former-1')
    expect(tenant.statusCode).toBe(409)
    expect(tenant.json().detail).toBe(erasureMessages.erasedRecord)
    const missing = await erase('erinf')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().detail).toBe(peopleMessages.personMissing('erinf'))
  })
})
