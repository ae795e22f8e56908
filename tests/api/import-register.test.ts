import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importMessages } from '#shared/messages/import'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import type { ImportCheck, ImportDone } from '#shared/schemas/spreadsheet-import'
import { checksum } from '#tests/api/bad-input/generators'
import { postImport } from '#tests/helpers/import'
import type { UploadFile } from '#tests/helpers/pdf-upload'
import { send } from '#tests/helpers/records'
import { REGISTER } from '#tests/helpers/register'
import { csvBytes, csvFile, xlsxBytes, xlsxFile } from '#tests/helpers/spreadsheets'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 44: a predecessor's register comes in whole, as it is kept (tests/helpers/register.ts).

const PLOT_COLUMNS = {
  plots: 'Plot',
  fullName: 'Name',
  address: 'Address',
  phoneNumber: 'Phone',
  email: 'Email',
  dateJoined: 'Date started',
  paid: 'Paid',
  notes: 'Notes',
}
const WAITING_COLUMNS = {
  fullName: 'Name',
  address: 'Address',
  email: 'Email',
  joinedWaitingList: 'Date applied',
  notes: 'Notes',
}
const EVERYONE = { created: 8, updated: 0, unchanged: 0, skipped: 0, newPlots: 5 }

describe.each(engines)('importing a register as it is kept on %s', (engine) => {
  let t: TestApp
  let admin: string

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'register-secretary')
  })
  afterAll(() => t.close())

  const post = (step: 'check' | '', file: UploadFile, fields: Record<string, string> = {}) =>
    postImport(t, admin, step, { kind: 'people', ...fields }, file)
  const check = async (file: UploadFile, fields?: Record<string, string>) => {
    const response = await post('check', file, fields)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<ImportCheck>()
  }
  const csv = csvFile(csvBytes(REGISTER), 'register.csv')
  const people = async () => (await send(t, admin, 'GET', '/api/people')).json<Person[]>()
  const byName = async () =>
    new Map((await people()).map((person) => [`${person.firstName} ${person.lastName}`, person]))
  const plot = async (id: string) => (await send(t, admin, 'GET', `/api/plots/${id}`)).json<Plot>()
  const waitingList = async () =>
    (await send(t, admin, 'GET', '/api/people?status=waitinglist')).json<Person[]>()

  it('finds the headings under the title rows and the waiting list below the plots, each with its own columns', async () => {
    const checked = await check(csv)
    expect(checked.tables).toMatchObject([
      {
        headings: 4,
        title: 'Larkfield Road Allotment Society: plot register',
        rowCount: 5,
        firstRow: 5,
        lastRow: 10,
        mapping: PLOT_COLUMNS,
        skip: false,
        problem: null,
      },
      {
        headings: 12,
        title: 'Waiting list',
        rowCount: 3,
        firstRow: 13,
        lastRow: 15,
        mapping: WAITING_COLUMNS,
        skip: false,
        problem: null,
      },
    ])
    expect(checked.rowCount).toBe(8)
    expect(checked.refused).toEqual([])
    // Eight rows, eight people and a vacant plot: the counts, and so the button, count people and
    // plots, not rows.
    expect(checked.counts).toEqual(EVERYONE)
    expect(checked.preview).toHaveLength(8)
    expect(importMessages.importButton(checked.counts, 'people')).toBe(
      'Import 8 people and 5 new plots',
    )
  })

  it('shows the joint tenants as two people of one row, the titles apart, and the waiting list as such', async () => {
    const { preview } = await check(csv)
    const row = (n: number) => preview.filter((record) => record.row === n)
    const [priya, arjun] = row(6)
    expect(priya).toMatchObject({
      written: 'Shah, Priya & Arjun',
      split: [
        { title: '', firstName: 'Priya', lastName: 'Shah' },
        { title: '', firstName: 'Arjun', lastName: 'Shah' },
      ],
      values: {
        'First name': 'Priya',
        'Last name': 'Shah',
        Plots: importMessages.newPlot('2'),
        Notes: 'wants half plot',
        'E-mail Address': 'shahs@example.org',
      },
    })
    expect(arjun!.values).toMatchObject({
      'First name': 'Arjun',
      Plots: importMessages.newPlot('2'),
      'E-mail Address': '',
    })
    expect(row(5)[0]!.values).toMatchObject({
      Title: 'Mrs',
      'First name': 'Margaret',
      'Last name': 'Ellison',
    })
    expect(row(5)[0]!.written).toBeUndefined()
    expect(row(14)[0]!.values).toMatchObject({
      Title: 'Miss',
      'First name': 'Joan',
      'On the waiting list': 'Yes',
      'Joined waiting list': '17 Nov 2023',
      Notes: 'prefers a half plot',
    })
  })

  it('takes another headings row, and leaves a table out', async () => {
    // The waiting list left out: the plots' five people only.
    const plotsOnly = await check(csv, { tables: JSON.stringify([{}, { skip: true }]) })
    expect(plotsOnly.tables.map((table) => table.skip)).toEqual([false, true])
    expect(plotsOnly.counts).toEqual({ ...EVERYONE, created: 5 })
    expect(plotsOnly.rowCount).toBe(5)
    // Row 5 chosen as the headings: the columns are its cells, and nothing is called a name.
    const moved = await check(csv, { tables: JSON.stringify([{ headings: 5 }]) })
    expect(moved.tables[0]).toMatchObject({ headings: 5, rowCount: 4 })
    expect(moved.tables[0]!.columns).toContain('Ellison, Margaret (Mrs)')
    expect(moved.problem).toBe(importMessages.nameColumnsRequired)
    expect(moved.tables[1]).toMatchObject({ headings: 12, problem: null })
    // Every table left out is a question, not an import of nobody.
    const none = await check(csv, { tables: JSON.stringify([{ skip: true }, { skip: true }]) })
    expect(none.problem).toBe(importMessages.noTableChosen)
    const blank = await post('check', csv, { tables: JSON.stringify([{ headings: 3 }]) })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().detail).toBe(importMessages.headingsRowBlank(3))
  })

  it('takes a correction of a joint row: one person, not two', async () => {
    const names = JSON.stringify({ 6: [{ title: 'Ms', firstName: 'Priya', lastName: 'Shah' }] })
    const corrected = await check(csv, { names })
    expect(corrected.counts).toEqual({ ...EVERYONE, created: 7 })
    expect(corrected.preview.filter((record) => record.row === 6)).toHaveLength(1)
  })

  async function expectRegisterImported() {
    const named = await byName()
    expect(named.size).toBe(8)
    const margaret = named.get('Margaret Ellison')!
    expect(margaret).toMatchObject({
      title: 'Mrs',
      address: '4 Mill Lane',
      phoneNumber: '01632 960001',
      email: 'margaret@example.org',
      dateJoined: '2015-04-03',
      plots: ['1'],
      isPlotHolder: true,
      onWaitingList: false,
      notes: '',
    })
    const [priya, arjun] = [named.get('Priya Shah')!, named.get('Arjun Shah')!]
    for (const shah of [priya, arjun])
      expect(shah).toMatchObject({
        plots: ['2'],
        address: '9 Station Road',
        dateJoined: '2019-09-12',
        notes: 'wants half plot',
        onWaitingList: false,
      })
    expect([priya.email, arjun.email]).toEqual(['shahs@example.org', ''])
    expect(named.get('Tom Baker')).toMatchObject({
      title: 'Mr',
      plots: ['3'],
      notes: 'no email - post only',
    })
    expect(named.get('Zofia Nowak')).toMatchObject({ title: '', plots: ['4'] })
    expect(await plot('1')).toMatchObject({
      tenants: [margaret.id],
      paid: true,
      area: 100,
      fee: 45,
    })
    expect(await plot('2')).toMatchObject({
      tenants: [arjun.id, priya.id].sort(),
      paid: false,
      occupied: true,
    })
    expect(await plot('3')).toMatchObject({ tenants: [named.get('Tom Baker')!.id], paid: true })
    // The register's line for plot 5 names no one: the plot is made, vacant.
    expect(await plot('5')).toMatchObject({ id: '5', tenants: [] })
    // The waiting list in the order they applied, whatever the sheet's order.
    const list = await waitingList()
    expect(list.map((p) => [p.title, p.firstName, p.lastName, p.joinedWaitingList])).toEqual([
      ['Miss', 'Joan', 'Hill', '2023-11-17'],
      ['', 'Chidi', 'Okafor', '2024-02-03'],
      ['Dr', 'Samir', 'Haddad', '2024-06-28'],
    ])
    expect(list.map((p) => [p.isPlotHolder, p.plots, p.notes])).toEqual([
      [false, [], 'prefers a half plot'],
      [false, [], ''],
      [false, [], ''],
    ])
    // Each has a reference to ask for their place with.
    expect(list.every((p) => p.reference)).toBe(true)
  }

  it('imports the register whole from CSV, and undoes it, plots made and all', async () => {
    const response = await post('', csv)
    expect(response.statusCode, response.body).toBe(200)
    const done = response.json<ImportDone>()
    expect(done).toMatchObject({ ...EVERYONE, tenancies: 5 })
    await expectRegisterImported()

    const undone = await send(t, admin, 'POST', '/api/import/undo', { id: done.importId })
    expect(undone.statusCode, undone.body).toBe(200)
    expect(undone.json()).toEqual({ removed: 13, restored: 0 })
    expect(await people()).toEqual([])
    expect((await send(t, admin, 'GET', '/api/plots/1')).statusCode).toBe(404)
  })

  it('imports the same register from an .xlsx workbook, its sheet after a sheet of notes', async () => {
    const workbook = xlsxFile(
      await xlsxBytes({ 'Read me': [['Kept by the secretary']], Register: REGISTER }),
      'register.xlsx',
    )
    const checked = await check(workbook)
    expect(checked.sheet).toBe('Register')
    expect(checked.tables.map((table) => [table.headings, table.title])).toEqual([
      [4, 'Larkfield Road Allotment Society: plot register'],
      [12, 'Waiting list'],
    ])
    expect(checked.counts).toEqual(EVERYONE)
    const response = await post('', workbook)
    expect(response.statusCode, response.body).toBe(200)
    await expectRegisterImported()
    // The same register again: everyone recognised (the Shahs by their names and address), no
    // plot made twice.
    const again = await check(workbook)
    expect(again.counts).toEqual({ ...EVERYONE, created: 0, skipped: 8, newPlots: 0 })
    expect(again.recognised).toBe(8)
  })

  it('reads a waiting list kept on its own, "Date applied" and no plots, as the waiting list in date order', async () => {
    const before = await checksum(t.db)
    const file = csvFile(
      csvBytes([
        ['Applicant', 'Applied', 'Email'],
        ['Rosa Quinn', '02/01/2025', 'rosa@example.org'],
        ['Sid Vale', '15/12/2024', ''],
      ]),
      'waiting.csv',
    )
    const checked = await check(file, {
      tables: JSON.stringify([
        { mapping: { fullName: 'Applicant', joinedWaitingList: 'Applied', email: 'Email' } },
      ]),
    })
    expect(checked.preview.map((record) => record.values['On the waiting list'])).toEqual([
      'Yes',
      'Yes',
    ])
    expect(await checksum(t.db)).toEqual(before)
  })
})
