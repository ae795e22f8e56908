import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Plot } from '#shared/schemas/plot'
import type { Site } from '#shared/schemas/site'
import type { ImportDone } from '#shared/schemas/spreadsheet-import'
import { postImport } from '#tests/helpers/import'
import {
  createPlot,
  createSite,
  lastLogId,
  limitAccount,
  logsAfter,
  send,
} from '#tests/helpers/records'
import { csvBytes, csvFile } from '#tests/helpers/spreadsheets'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 46, item 7 (decision 51): a file is of one site. Its plots are matched by name there and
// made there; those it puts on the waiting list wait on that site's list. An account limited to
// some sites imports onto those only.
const HEADINGS = ['Forename', 'Surname', 'Email', 'Waiting list', 'Date added', 'Plot no']

describe.each(engines)('the import’s site on %s', (engine) => {
  let t: TestApp
  let admin: string
  let limited: string
  let north: Site

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'sites-import-admin')
    limited = await t.signInAs(4, 'sites-import-limited')
    north = await createSite(t, admin, 'Northfield')
    await createPlot(t, admin, '1')
    await createPlot(t, admin, '7', { siteId: north.id })
    await limitAccount(t, admin, 'sites-import-limited', [1])
  })
  afterAll(() => t.close())

  const file = (...rows: string[][]) => csvFile(csvBytes([HEADINGS, ...rows]))
  const post = (step: 'check' | '', cookie: string, site: number | undefined, rows: string[][]) =>
    postImport(
      t,
      cookie,
      step,
      { kind: 'people', ...(site ? { site: String(site) } : {}) },
      file(...rows),
    )
  const plots = async () => (await send(t, admin, 'GET', '/api/plots')).json<Plot[]>()

  it('matches plot names on the file’s site and makes new plots there', async () => {
    const rows = [
      ['Ann', 'Ash', 'ann@example.org', 'no', '', '1'],
      ['Ben', 'Birch', 'ben@example.org', 'no', '', '7'],
    ]
    const checked = await post('check', admin, north.id, rows)
    expect(checked.statusCode, checked.body).toBe(200)
    const saved = await post('', admin, north.id, rows)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json<ImportDone>()).toMatchObject({ created: 2, newPlots: 1 })
    const all = await plots()
    const home = all.find((plot) => plot.siteId === 1 && plot.name === '1')!
    const made = all.find((plot) => plot.siteId === north.id && plot.name === '1')!
    const seven = all.find((plot) => plot.siteId === north.id && plot.name === '7')!
    expect(home.tenants).toEqual([])
    expect(made.id).toBe(`1-${north.id}`)
    expect(made.tenants).toEqual(['anna'])
    expect(seven.tenants).toEqual(['benb'])
  })

  it('puts those waiting on the file’s site’s list only', async () => {
    const saved = await post('', admin, north.id, [
      ['Cal', 'Cole', 'cal@example.org', 'yes', '2026-01-05', ''],
    ])
    expect(saved.statusCode, saved.body).toBe(200)
    const places = await t.db.kysely
      .selectFrom('waiting_places')
      .select(['siteId', 'open'])
      .where('personId', '=', 'calc')
      .execute()
    expect(places).toEqual([{ siteId: north.id, open: 1 }])
  })

  it('refuses a site that does not exist, or is retired', async () => {
    const row = [['Dot', 'Dale', 'dot@example.org', 'yes', '2026-01-05', '']]
    expect((await post('check', admin, 99, row)).statusCode).toBe(404)
    const gone = await createSite(t, admin, 'Gone')
    const retired = await send(t, admin, 'POST', `/api/sites/${gone.id}/retire`, { version: 1 })
    expect(retired.statusCode, retired.body).toBe(200)
    expect((await post('', admin, gone.id, row)).statusCode).toBe(422)
  })

  it('lets an account limited to some sites import onto those only, logging the refusal', async () => {
    const row = [['Eve', 'Elm', 'eve@example.org', 'yes', '2026-01-05', '']]
    expect((await post('check', limited, north.id, row)).statusCode).toBe(403)
    const before = await lastLogId(t)
    expect((await post('', limited, north.id, row)).statusCode).toBe(403)
    const refused = await logsAfter(t, before)
    expect(refused.some((log) => log.methodName === 'importSpreadsheet')).toBe(true)
    expect((await send(t, admin, 'GET', '/api/people/evee')).statusCode).toBe(404)
    const own = await post('', limited, 1, row)
    expect(own.statusCode, own.body).toBe(200)
    // No site named: the first open site, theirs.
    const first = await post('check', limited, undefined, row)
    expect(first.statusCode, first.body).toBe(200)
    // The last import may be any site's: neither shown nor undone to a limited account.
    expect((await send(t, limited, 'GET', '/api/import/last')).statusCode).toBe(403)
    const undo = await send(t, limited, 'POST', '/api/import/undo', { id: 1 })
    expect(undo.statusCode).toBe(403)
    expect((await send(t, admin, 'GET', '/api/import/last')).statusCode).toBe(200)
  })
})
