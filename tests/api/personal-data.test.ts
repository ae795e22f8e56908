import { randomUUID } from 'node:crypto'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import { peopleMessages } from '#shared/messages/people'
import { givePersonAHistory } from '#tests/helpers/person-history'
import { lastLogId, logsAfter, send } from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 30, item 1: everything kept about one person in one download, for the committee and for
// the member themselves; read back from the ZIP as the person would.
describe.each(engines)('a person’s data in one download on %s', (engine) => {
  let t: TestApp
  let committee = ''
  let pat = ''

  const download = async (cookie: string, url: string) => {
    const response = await send(t, cookie, 'GET', url)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('application/zip')
    const files = unzipSync(new Uint8Array(response.rawPayload))
    expect(Object.keys(files).sort()).toEqual(['data.json', 'summary.html'])
    return {
      disposition: String(response.headers['content-disposition']),
      data: JSON.parse(strFromU8(files['data.json']!)),
      json: strFromU8(files['data.json']!),
      html: strFromU8(files['summary.html']!),
    }
  }

  beforeAll(async () => {
    t = await createTestApp(engine)
    committee = await t.signInAs(3)
    pat = await t.signInAs(1, 'pat-account')
    const invoiceId = await givePersonAHistory(t, committee, {
      id: 'patg',
      person: {
        firstName: 'Patricia',
        lastName: 'Greenway',
        email: 'pat.greenway@example.org',
        address: '7 <Orchard> Lane & Sons',
        phoneNumber: '07700 900321',
      },
      account: 'pat-account',
      plotId: 'G7',
      other: { id: 'other', email: 'olive@example.org' },
    })
    const paid = await send(t, committee, 'POST', `/api/rent/invoices/${invoiceId}/payments`, {
      amount: 1000,
      method: 'cash',
      date: t.app.clock.today(),
      reference: 'at the gate',
      requestId: randomUUID(),
    })
    expect(paid.statusCode, paid.body).toBe(201)
  })
  afterAll(() => t.close())

  it('gives the committee everything kept about the person, and nothing of anyone else', async () => {
    const mark = await lastLogId(t)
    const { data, json, html, disposition } = await download(
      committee,
      '/api/people/patg/personal-data',
    )
    expect(disposition).toMatch(/^attachment; filename="personal-data-patg-\d{4}-\d\d-\d\d\.zip"$/)
    expect(data.person).toMatchObject({
      id: 'patg',
      email: 'pat.greenway@example.org',
      phoneNumber: '07700 900321',
      plots: ['G7'],
    })
    expect(data.invoices).toEqual([
      expect.objectContaining({ plotId: 'G7', paid: 1000, lines: [expect.anything()] }),
    ])
    expect(data.ledger).toEqual([expect.objectContaining({ kind: 'payment', amount: 1000 })])
    // The invoice's e-mail, the message, and the inspection's improvement notice.
    expect(data.messages).toHaveLength(3)
    expect(data.messages).toContainEqual(
      expect.objectContaining({ subject: 'Improvement notice for plot G7' }),
    )
    expect(data.inspectionNotices).toEqual([
      expect.objectContaining({ plotId: 'G7', stage: 'improvement', tenants: ['patg'] }),
    ])
    expect(data.messages).toContainEqual(
      expect.objectContaining({
        subject: 'Water off on Sunday',
        body: expect.stringContaining('Dear Patricia, the taps will be off'),
        recipient: 'pat.greenway@example.org',
      }),
    )
    expect(data.enquiries).toEqual([
      expect.objectContaining({ enquiry: 'Can I have a second water butt?' }),
    ])
    expect(data.account).toMatchObject({ username: 'pat-account', level: 1 })
    expect(data.log.map((entry: { methodName: string }) => entry.methodName)).toEqual(
      expect.arrayContaining(['createPerson', 'addPlotToPerson']),
    )
    // No secret of the account or of a link, and no one else's record.
    expect(json).not.toMatch(/tokenHash|"token"|password/i)
    expect(json).not.toContain('olive@example.org')

    expect(html).toContain('What ')
    expect(html).toContain('Patricia Greenway')
    expect(html).toContain('7 &lt;Orchard&gt; Lane &amp; Sons')
    expect(html).not.toContain('<Orchard>')
    expect(html).toContain('£10.00')
    expect(html).toContain('Water off on Sunday')

    const logged = await logsAfter(t, mark)
    expect(logged).toEqual([
      expect.objectContaining({
        methodName: 'downloadPersonalData',
        eventCollection: 'people',
        docId: 'patg',
        userName: 'level3',
      }),
    ])
  })

  it('gives the member their own, and an account linked to no one the reason', async () => {
    const { data } = await download(pat, '/api/me/personal-data')
    expect(data.person.id).toBe('patg')
    const unlinked = await t.signInAs(1, 'nobody-account')
    const refused = await send(t, unlinked, 'GET', '/api/me/personal-data')
    expect(refused.statusCode).toBe(404)
    expect(refused.json().detail).toBe(myAllotmentMessages.notLinked)
  })

  it('refuses a person who is not there, and changes nothing', async () => {
    const mark = await lastLogId(t)
    const refused = await send(t, committee, 'GET', '/api/people/nobody/personal-data')
    expect(refused.statusCode).toBe(404)
    expect(refused.json().detail).toBe(peopleMessages.personMissing('nobody'))
    expect(await logsAfter(t, mark)).toEqual([])
  })
})
