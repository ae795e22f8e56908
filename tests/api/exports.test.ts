import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractText, getDocumentProxy } from 'unpdf'
import { londonDate } from '#shared/domain/dates'
import type { Person } from '#shared/schemas/person'
import { parseCsv } from '#tests/helpers/csv'
import { createPerson, createPlot, send } from '#tests/helpers/records'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

const PLOT_HOLDERS = '/api/exports/plotholders.csv'
const WAITING_LIST = '/api/exports/waitinglist.csv'
const PLOTS = '/api/exports/plots.csv'
const PLOT_HOLDERS_PDF = '/api/exports/plotholders.pdf'

// Someone who typed formulas into the form: every one must reach the spreadsheet as text.
const hostile = {
  firstName: "=cmd|' /C calc'!A0",
  lastName: '@SUM(A1)',
  address: '+44 1',
  phoneNumber: '-1',
}

describe.each(engines)('CSV downloads on %s', (engine) => {
  let t: TestApp
  let committee: string
  let land: string
  let holder: string

  beforeAll(async () => {
    t = await createTestApp(engine)
    committee = await t.signInAs(3, 'committee1')
    land = await t.signInAs(2, 'land1')
    holder = await t.signInAs(1, 'holder1')

    await createPlot(t, committee, '1', { description: 'By the gate', paid: true })
    await createPlot(t, committee, '2', { description: 'Shed, water butt', gradient: 'slope' })
    await createPlot(t, committee, '10', { description: '=1+1', fee: 60 })
    await createPerson(t, committee, 'ada', {
      title: 'Dr',
      firstName: 'Zoë',
      address: '1 Garden Row\nRiverside',
      notes: 'Keeps bees\n"by the gate"',
    })
    await createPerson(t, committee, 'evil', { ...hostile, email: '', notes: '=HYPERLINK("x")' })
    await createPerson(t, committee, 'bob', { lastName: 'Plotless' })
    for (const [plot, person] of [
      ['1', 'ada'],
      ['2', 'ada'],
      ['2', 'evil'],
    ]) {
      const response = await send(t, committee, 'PUT', `/api/plots/${plot}/tenants/${person}`)
      expect(response.statusCode, response.body).toBe(200)
    }
    // Joined on the same day, wendy comes before abe: she was entered first (issue 28).
    for (const [id, joinedWaitingList] of [
      ['wendy', '2021-05-01'],
      ['walt', '2020-03-01'],
      ['abe', '2021-05-01'],
    ]) {
      await createPerson(t, committee, id!, { onWaitingList: true, joinedWaitingList })
    }
  })
  afterAll(() => t.close())

  async function download(url: string, cookie = committee) {
    const before = londonDate(new Date())
    const response = await send(t, cookie, 'GET', url)
    const after = londonDate(new Date())
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    const disposition = String(response.headers['content-disposition'])
    const day = /^attachment; filename="[a-z-]+-(\d{4}-\d{2}-\d{2})\.csv"$/.exec(disposition)?.[1]
    expect([before, after], disposition).toContain(day)
    return { rows: parseCsv(response.body), disposition, body: response.body }
  }

  const dateJoined = async (id: string) =>
    (await send(t, committee, 'GET', `/api/people/${id}`)).json<Person>().dateJoined

  it('lists the plot holders by nickname, with their plots and contact details', async () => {
    const { rows, disposition } = await download(PLOT_HOLDERS)
    expect(disposition).toMatch(/filename="plot-holders-/)
    expect(rows).toEqual([
      [
        'Nickname',
        'Title',
        'First name',
        'Last name',
        'Plots',
        'Address',
        'Phone number',
        'E-mail Address',
        'Alternative e-mail',
        'Date joined',
        'Notes',
      ],
      [
        'ada',
        'Dr',
        'Zoë',
        'Lovelace',
        '1, 2',
        '1 Garden Row\nRiverside',
        '01234 567890',
        'ada@example.org',
        '',
        await dateJoined('ada'),
        'Keeps bees\n"by the gate"',
      ],
      [
        'bob',
        '',
        'Ada',
        'Plotless',
        '',
        '1 Garden Row',
        '01234 567890',
        'ada@example.org',
        '',
        '2020-01-01',
        '',
      ],
      [
        'evil',
        '',
        `'${hostile.firstName}`,
        `'${hostile.lastName}`,
        '2',
        `'${hostile.address}`,
        `'${hostile.phoneNumber}`,
        '',
        '',
        await dateJoined('evil'),
        `'=HYPERLINK("x")`,
      ],
    ])
  })

  it('prints the plot holders by surname with their plots and every way to reach them, for the committee only', async () => {
    const response = await send(t, committee, 'GET', PLOT_HOLDERS_PDF)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(String(response.headers['content-disposition'])).toMatch(
      /^attachment; filename="plot-holders-\d{4}-\d{2}-\d{2}\.pdf"$/,
    )
    const { text } = await extractText(
      await getDocumentProxy(new Uint8Array(response.rawPayload)),
      {
        mergePages: true,
      },
    )
    expect(text).toContain('3 plot holders, as on')
    expect(text).toContain('Private: it holds their contact details.')
    const lovelace = text.indexOf('Dr Zoë Lovelace, plots 1 and 2')
    const plotless = text.indexOf('Ada Plotless, no plot')
    expect(lovelace).toBeGreaterThan(-1)
    expect(plotless).toBeGreaterThan(lovelace)
    expect(text).toContain('01234 567890 ada@example.org')
    expect(text).toContain('1 Garden Row, Riverside')
    for (const cookie of [land, holder])
      expect((await send(t, cookie, 'GET', PLOT_HOLDERS_PDF)).statusCode).toBe(403)
  })

  it('lists the waiting list in order with positions', async () => {
    const { rows, disposition } = await download(WAITING_LIST)
    expect(disposition).toMatch(/filename="waiting-list-/)
    expect(rows[0]).toEqual([
      'Position',
      'Nickname',
      'Title',
      'First name',
      'Last name',
      'Joined waiting list',
      'Reference',
      'Address',
      'Phone number',
      'E-mail Address',
      'Alternative e-mail',
      'Notes',
    ])
    expect(rows.slice(1).map((row) => row.slice(0, 6))).toEqual([
      ['1', 'walt', '', 'Ada', 'Lovelace', '2020-03-01'],
      ['2', 'wendy', '', 'Ada', 'Lovelace', '2021-05-01'],
      ['3', 'abe', '', 'Ada', 'Lovelace', '2021-05-01'],
    ])
    // Each their own reference, as Messages' {reference} gives it.
    const references = await Promise.all(
      ['walt', 'wendy', 'abe'].map(
        async (id) =>
          (await send(t, committee, 'GET', `/api/people/${id}`)).json<Person>().reference,
      ),
    )
    expect(rows.slice(1).map((row) => row[6])).toEqual(references)
    expect(new Set(references).size).toBe(3)
  })

  it('lists the plots with tenants and paid state, and no personal data', async () => {
    const { rows, disposition, body } = await download(PLOTS, land)
    expect(disposition).toMatch(/filename="plots-/)
    expect(rows).toEqual([
      ['Plot', 'Description', 'Area (m²)', 'Fee (£)', 'Gradient', 'Paid', 'Tenants', 'Occupied'],
      ['1', 'By the gate', '100', '45', 'flat', 'Yes', 'ada', 'Yes'],
      ['2', 'Shed, water butt', '100', '45', 'slope', 'No', 'ada, evil', 'Yes'],
      ['10', "'=1+1", '100', '60', 'flat', 'No', '', 'No'],
    ])
    for (const personal of ['Garden Row', '01234', '@example.org'])
      expect(body).not.toContain(personal)
  })

  it('refuses callers below the level of each list', async () => {
    const cases = [
      [PLOT_HOLDERS, undefined, 401],
      [WAITING_LIST, undefined, 401],
      [PLOTS, undefined, 401],
      [PLOT_HOLDERS, holder, 403],
      [WAITING_LIST, holder, 403],
      [PLOTS, holder, 403],
      [PLOT_HOLDERS, land, 403],
      [WAITING_LIST, land, 403],
    ] as const
    for (const [url, cookie, status] of cases) {
      const response = await send(t, cookie, 'GET', url)
      expect(response.statusCode, `${url} ${cookie ?? 'anonymous'}`).toBe(status)
      expect(response.headers['content-type']).toContain('application/problem+json')
      expect(response.body).not.toContain('Lovelace')
    }
  })
})
