import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importMessages } from '#shared/messages/import'
import type { Plot } from '#shared/schemas/plot'
import type { Site } from '#shared/schemas/site'
import type { ImportCheck, ImportDone } from '#shared/schemas/spreadsheet-import'
import { postImport } from '#tests/helpers/import'
import { createSite, lastLogId, limitAccount, logsAfter, send } from '#tests/helpers/records'
import { csvBytes, csvFile } from '#tests/helpers/spreadsheets'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 46, item 7 (decision 54): a file's Site column gives each row's site, by name. Plots are
// matched and made on the row's site, people waiting join its list; a blank cell is the file's
// site; a name that is no site in use refuses the file; an account limited to some sites cannot
// bring in a row of another.
const HEADINGS = ['Forename', 'Surname', 'Email', 'Waiting list', 'Date added', 'Plot no', 'Site']

describe.each(engines)('a Site column in the import on %s', (engine) => {
  let t: TestApp
  let admin: string
  let limited: string
  let home: Site
  let north: Site

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'site-column-admin')
    limited = await t.signInAs(4, 'site-column-limited')
    home = (await send(t, admin, 'GET', '/api/sites')).json<Site[]>()[0]!
    north = await createSite(t, admin, 'North Field')
    await limitAccount(t, admin, 'site-column-limited', [home.id])
  })
  afterAll(() => t.close())

  const post = (
    step: 'check' | '',
    cookie: string,
    site: number,
    rows: string[][],
    kind = 'people',
    headings = HEADINGS,
  ) =>
    postImport(
      t,
      cookie,
      step,
      { kind, site: String(site) },
      csvFile(csvBytes([headings, ...rows])),
    )
  const plots = async () => (await send(t, admin, 'GET', '/api/plots')).json<Plot[]>()
  const placesOf = (personId: string) =>
    t.db.kysely
      .selectFrom('waiting_places')
      .select(['siteId', 'joinedWaitingList'])
      .where('personId', '=', personId)
      .where('open', '=', 1)
      .orderBy('siteId')
      .execute()
  const peopleCount = async () =>
    (await t.db.kysely.selectFrom('people').select('id').execute()).length

  it('puts a plot "1" on each of two sites, and someone waiting on both lists', async () => {
    const rows = [
      ['Ann', 'Ash', 'ann@example.org', 'no', '', '1', home.name.toUpperCase()],
      ['Ben', 'Birch', 'ben@example.org', 'no', '', '1', ' north  field '],
      ['Cal', 'Cole', 'cal@example.org', 'yes', '2025-03-01', '', 'North Field'],
      ['Cal', 'Cole', 'cal@example.org', 'yes', '2025-06-01', '', home.name],
    ]
    const checked = await post('check', admin, home.id, rows)
    expect(checked.statusCode, checked.body).toBe(200)
    const check = checked.json<ImportCheck>()
    expect(check.refused).toEqual([])
    expect(check.bySite).toEqual([
      { name: home.name, rows: 2 },
      { name: 'North Field', rows: 2 },
    ])
    // Cal is one new person, on two rows.
    expect(check.counts).toMatchObject({ created: 3, newPlots: 2 })
    expect(check.preview.map((record) => record.values.Site)).toEqual([
      home.name,
      'North Field',
      'North Field',
      home.name,
    ])
    const saved = await post('', admin, home.id, rows)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json<ImportDone>()).toMatchObject({ created: 3, newPlots: 2 })
    const ones = (await plots()).filter((plot) => plot.name === '1')
    expect(ones.map(({ id, siteId, tenants }) => ({ id, siteId, tenants }))).toEqual([
      { id: '1', siteId: home.id, tenants: ['anna'] },
      { id: `1-${north.id}`, siteId: north.id, tenants: ['benb'] },
    ])
    expect(await placesOf('calc')).toEqual([
      { siteId: home.id, joinedWaitingList: '2025-06-01' },
      { siteId: north.id, joinedWaitingList: '2025-03-01' },
    ])
    // The same file again: everyone recognised, Cal once.
    const again = (await post('check', admin, home.id, rows)).json<ImportCheck>()
    expect(again.refused).toEqual([])
    expect(again.counts).toMatchObject({ created: 0, skipped: 3, newPlots: 0 })
  })

  it('gives someone named on rows of two sites the plots of both', async () => {
    const rows = [
      ['Jo', 'Jay', 'jo@example.org', 'no', '', '2', home.name],
      ['Jo', 'Jay', 'jo@example.org', 'no', '', '2', 'North Field'],
      ['Jo', 'Jay', 'jo@example.org', 'no', '', '3', 'North Field'],
    ]
    const checked = (await post('check', admin, home.id, rows)).json<ImportCheck>()
    // Twice on one site is the same person twice, as in a file of one site.
    expect(checked.refused).toMatchObject([{ row: 4, message: importMessages.sameAsRow(2) }])
    const saved = await post('', admin, home.id, rows.slice(0, 2))
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json<ImportDone>()).toMatchObject({ created: 1, newPlots: 2, tenancies: 2 })
    const person = (await send(t, admin, 'GET', '/api/people/joj')).json<{ plots: string[] }>()
    expect(person.plots).toEqual(['2', `2-${north.id}`])
  })

  it('refuses a site name that is no site, saying which row and which sites there are', async () => {
    const rows = [
      ['Dot', 'Dale', 'dot@example.org', 'yes', '2025-01-05', '', 'North Field'],
      ['Eve', 'Elm', 'eve@example.org', 'yes', '2025-01-05', '', 'Westfield'],
    ]
    const before = await peopleCount()
    const checked = await post('check', admin, home.id, rows)
    expect(checked.statusCode, checked.body).toBe(200)
    expect(checked.json<ImportCheck>().refused).toEqual([
      {
        row: 3,
        message: importMessages.unknownSite('Westfield', [home.name, 'North Field']),
      },
    ])
    expect(importMessages.unknownSite('Westfield', [home.name, 'North Field'])).toBe(
      `There is no site 'Westfield'. The sites are ${home.name} and North Field.`,
    )
    const saved = await post('', admin, home.id, rows)
    expect(saved.statusCode).toBe(422)
    expect(await peopleCount()).toBe(before)
  })

  it('gives a row with a blank site the site chosen for the file', async () => {
    const rows = [
      ['Fay', 'Fir', 'fay@example.org', 'no', '', '8', ''],
      ['Gus', 'Gale', 'gus@example.org', 'yes', '2025-02-02', '', ''],
    ]
    const checked = await post('check', admin, north.id, rows)
    expect(checked.json<ImportCheck>().bySite).toEqual([])
    const saved = await post('', admin, north.id, rows)
    expect(saved.statusCode, saved.body).toBe(200)
    const eight = (await plots()).find((plot) => plot.name === '8')!
    expect(eight).toMatchObject({ siteId: north.id, tenants: ['fayf'] })
    expect(await placesOf('gusg')).toEqual([{ siteId: north.id, joinedWaitingList: '2025-02-02' }])
  })

  it('matches and makes a plots file’s plots on each row’s site', async () => {
    const headings = ['Plot', 'Area', 'Site']
    const rows = [
      ['8', '120', ''],
      ['8', '90', home.name],
    ]
    const saved = await post('', admin, north.id, rows, 'plots', headings)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json<ImportDone>()).toMatchObject({ created: 1, updated: 1 })
    const eights = (await plots()).filter((plot) => plot.name === '8')
    expect(eights.map(({ siteId, area }) => ({ siteId, area }))).toEqual([
      { siteId: north.id, area: 120 },
      { siteId: home.id, area: 90 },
    ])
  })

  it('refuses an account limited to some sites a row of another site, changing nothing', async () => {
    const rows = [
      ['Hal', 'Holm', 'hal@example.org', 'yes', '2025-01-05', '', ''],
      ['Ivy', 'Iris', 'ivy@example.org', 'yes', '2025-01-05', '', 'North Field'],
    ]
    const before = await peopleCount()
    expect((await post('check', limited, home.id, rows)).statusCode).toBe(403)
    const mark = await lastLogId(t)
    expect((await post('', limited, home.id, rows)).statusCode).toBe(403)
    const refused = await logsAfter(t, mark)
    expect(refused.some((log) => log.methodName === 'importSpreadsheet')).toBe(true)
    expect(await peopleCount()).toBe(before)
    // Their own site's rows go in.
    const own = await post('', limited, home.id, [rows[0]!])
    expect(own.statusCode, own.body).toBe(200)
    expect(await placesOf('halh')).toEqual([{ siteId: home.id, joinedWaitingList: '2025-01-05' }])
  })
})
