import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importMessages } from '#shared/messages/import'
import { peopleMessages } from '#shared/messages/people'
import { plotMessages } from '#shared/messages/plots'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import type { ImportCheck, ImportDone, LastImport } from '#shared/schemas/spreadsheet-import'
import { checksum } from '#tests/api/bad-input/generators'
import { postImport } from '#tests/helpers/import'
import { createPlot, send } from '#tests/helpers/records'
import { type Cell, csvBytes, csvFile } from '#tests/helpers/spreadsheets'
import { createTestApp, engines, type TestApp } from '#tests/helpers/test-app'

// Issue 28, part 2: a secretary's own spreadsheet comes in as it is kept: one "Name" column, a
// blank "Plot No" for the waiting list, "Date started" and "Paid" in British forms; plots drawn on
// the map (the defaults) get their fees from a file; the same file imported again adds nobody;
// and the last import can be undone while nothing else has changed its records.

const SECRETARY: Cell[][] = [
  ['Name', 'Plot No', 'Date started', 'Paid'],
  ['Margaret Ellison', '1', '03/04/2021', 'Yes'], // row 2
  ['Tom Brown', '2', '15/06/2019', 'N'], // row 3
  ['Anna van der Berg', '', '12/01/2022', ''], // row 4
  ['Zofia Nowak', '', '03/04/2021', ''], // row 5
  ['Priya', '', '', ''], // row 6: one word, no last name
  ['Arjun Singh', '', '05/05/2020', ''], // row 7
]
const PRIYA = JSON.stringify({ 6: { firstName: 'Priya', lastName: 'Shah' } })

describe.each(engines)('importing a secretary’s spreadsheet on %s', (engine) => {
  let t: TestApp
  let admin: string

  beforeAll(async () => {
    t = await createTestApp(engine)
    admin = await t.signInAs(4, 'secretary')
    // Plots drawn on the site map: recorded with the defaults (fee 45, area 100).
    for (const id of ['1', '2', '3']) await createPlot(t, admin, id)
  })
  afterAll(() => t.close())

  const post = (step: 'check' | '', rows: Cell[][], fields: Record<string, string>) =>
    postImport(t, admin, step, fields, csvFile(csvBytes(rows), 'members.csv'))
  const check = async (rows: Cell[][], fields: Record<string, string>) => {
    const response = await post('check', rows, fields)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<ImportCheck>()
  }
  const save = async (rows: Cell[][], fields: Record<string, string>) => {
    const response = await post('', rows, fields)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<ImportDone>()
  }
  const people = async () => (await send(t, admin, 'GET', '/api/people')).json<Person[]>()
  const plot = async (id: string) => (await send(t, admin, 'GET', `/api/plots/${id}`)).json<Plot>()
  const waitingList = async () =>
    (await send(t, admin, 'GET', '/api/people?status=waitinglist')).json<Person[]>()
  const lastImport = async () =>
    (await send(t, admin, 'GET', '/api/import/last')).json<LastImport | null>()
  const undo = (id: number) => send(t, admin, 'POST', '/api/import/undo', { id })

  it('updates plots already recorded, showing each change first, instead of refusing their names, a half plot at £32.50', async () => {
    const fees: Cell[][] = [
      ['Plot', 'Rent', 'Size', 'Paid', 'Notes'],
      ['1', '60', '', 'Paid', 'By the gate'],
      ['2', '£32.50', 125, 'Unpaid', ''],
      ['3', '45', '', 'FALSE', ''],
    ]
    const checked = await check(fees, { kind: 'plots' })
    expect(checked.refused).toEqual([])
    expect(checked.counts).toEqual({
      created: 0,
      updated: 2,
      unchanged: 1,
      skipped: 0,
      newPlots: 0,
    })
    expect(checked.preview.map(({ row, action, changes }) => ({ row, action, changes }))).toEqual([
      {
        row: 2,
        action: 'update',
        changes: [
          { field: 'Description', old: '', new: 'By the gate' },
          { field: 'Fee (£)', old: '£45.00', new: '£60.00' },
          { field: 'Paid', old: 'No', new: 'Yes' },
        ],
      },
      {
        row: 3,
        action: 'update',
        changes: [
          { field: 'Area (m²)', old: '100', new: '125' },
          { field: 'Fee (£)', old: '£45.00', new: '£32.50' },
        ],
      },
      { row: 4, action: 'unchanged', changes: [] },
    ])
    const done = await save(fees, { kind: 'plots' })
    expect(done).toMatchObject({ created: 0, updated: 2, unchanged: 1, tenancies: 0 })
    expect(await plot('1')).toMatchObject({
      fee: 60,
      area: 100,
      paid: true,
      description: 'By the gate',
      version: 2,
    })
    expect(await plot('2')).toMatchObject({ fee: 32.5, area: 125, paid: false, version: 2 })
    expect(await plot('3')).toMatchObject({ fee: 45, version: 1 })
  })

  it('refuses one column chosen for two fields, naming both, and imports nothing', async () => {
    const before = await checksum(t.db)
    const mapping = JSON.stringify([
      { mapping: { fullName: 'Name', firstName: 'Name', lastName: 'Name' } },
    ])
    const problem = importMessages.columnChosenTwice('Name', 'Full name', 'First name')
    const checked = await check(SECRETARY, { kind: 'people', tables: mapping })
    expect(checked).toMatchObject({ problem, preview: [], refused: [] })
    const saved = await post('', SECRETARY, { kind: 'people', tables: mapping })
    expect(saved.statusCode).toBe(400)
    expect(saved.json().detail).toBe(problem)
    expect(await checksum(t.db)).toEqual(before)
  })

  it('keeps the choices made when the file is chosen again, where it has their columns', async () => {
    const keep = { fullName: 'Name', joinedWaitingList: 'Date started', email: 'Email' }
    const checked = await check(SECRETARY, { kind: 'people', tables: JSON.stringify([{ keep }]) })
    expect(checked.tables[0]!.mapping).toEqual({
      fullName: 'Name',
      joinedWaitingList: 'Date started',
      plots: 'Plot No',
      paid: 'Paid',
    })
  })

  it('splits the full name, shows the split, and takes a correction', async () => {
    const checked = await check(SECRETARY, { kind: 'people' })
    expect(checked.tables[0]!.mapping).toEqual({
      fullName: 'Name',
      plots: 'Plot No',
      dateJoined: 'Date started',
      paid: 'Paid',
    })
    // The correction starts from the name as it was read.
    expect(checked.refused).toEqual([
      {
        row: 6,
        message: peopleMessages.personNameRequired,
        split: [{ title: '', firstName: 'Priya', lastName: '' }],
      },
    ])
    const split = Object.fromEntries(checked.preview.map((row) => [row.row, row.split]))
    expect(split[2]).toEqual([{ title: '', firstName: 'Margaret', lastName: 'Ellison' }])
    expect(split[4]).toEqual([{ title: '', firstName: 'Anna', lastName: 'van der Berg' }])
    expect(checked.preview[0]!.values).toMatchObject({
      'First name': 'Margaret',
      'Last name': 'Ellison',
      'Date joined': '3 Apr 2021',
      'On the waiting list': 'No',
      Plots: '1',
      Paid: 'Yes',
    })

    const corrected = await check(SECRETARY, { kind: 'people', names: PRIYA })
    expect(corrected.refused).toEqual([])
    expect(corrected.preview).toHaveLength(6)
    expect(corrected.counts).toEqual({
      created: 6,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      newPlots: 0,
    })
    expect(corrected.preview.find((row) => row.row === 6)!.values).toMatchObject({
      'First name': 'Priya',
      'Last name': 'Shah',
      'On the waiting list': 'Yes',
    })
  })

  it('puts those without a plot on the waiting list in the order of their dates, read the British way', async () => {
    const done = await save(SECRETARY, { kind: 'people', names: PRIYA })
    expect(done).toMatchObject({ created: 6, updated: 0, skipped: 0, tenancies: 2 })
    const list = await waitingList()
    expect(list.map((p) => `${p.firstName} ${p.lastName}`)).toEqual([
      'Arjun Singh',
      'Zofia Nowak',
      'Anna van der Berg',
      'Priya Shah',
    ])
    expect(list.map((p) => p.joinedWaitingList)).toEqual([
      '2020-05-05',
      '2021-04-03',
      '2022-01-12',
      t.app.clock.today(),
    ])
    // Each took their place in that order.
    const entries = list.map((p) => p.waitingListEntry)
    expect([...entries].sort((a, b) => a - b)).toEqual(entries)
    const margaret = (await people()).find((p) => p.lastName === 'Ellison')!
    expect(margaret).toMatchObject({
      firstName: 'Margaret',
      plots: ['1'],
      isPlotHolder: true,
      onWaitingList: false,
      dateJoined: '2021-04-03',
    })
    expect(await plot('1')).toMatchObject({ paid: true, tenants: [margaret.id] })
    expect(await plot('2')).toMatchObject({ paid: false, occupied: true })
  })

  it('recognises everyone when the same file comes again, and adds nobody', async () => {
    const before = (await people()).map((p) => p.id).sort()
    const again = await check(SECRETARY, { kind: 'people', names: PRIYA })
    expect(again.recognised).toBe(6)
    expect(again.refused).toEqual([])
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 0, skipped: 6, newPlots: 0 })
    expect(again.preview.every((row) => row.action === 'skip')).toBe(true)
    const done = await save(SECRETARY, { kind: 'people', names: PRIYA })
    expect(done).toMatchObject({ created: 0, skipped: 6, tenancies: 0 })
    expect((await people()).map((p) => p.id).sort()).toEqual(before)
  })

  it('updates those recognised when asked, showing what changes, and undoes it', async () => {
    const paidNow = SECRETARY.map((row, i) =>
      i === 2 ? ['Tom Brown', '2', '15/06/2019', 'Y'] : row,
    )
    const checked = await check(paidNow, { kind: 'people', names: PRIYA, existing: 'update' })
    expect(checked.counts).toEqual({
      created: 0,
      updated: 1,
      unchanged: 5,
      skipped: 0,
      newPlots: 0,
    })
    expect(checked.preview.find((row) => row.row === 3)).toMatchObject({ action: 'update' })
    const done = await save(paidNow, { kind: 'people', names: PRIYA, existing: 'update' })
    expect(done).toMatchObject({ created: 0, updated: 1 })
    expect(await plot('2')).toMatchObject({ paid: true })

    const last = await lastImport()
    expect(last).toMatchObject({ id: done.importId, kind: 'people', fileName: 'members.csv' })
    const undone = await undo(done.importId)
    expect(undone.statusCode, undone.body).toBe(200)
    expect(undone.json()).toEqual({ removed: 0, restored: 1 })
    expect(await plot('2')).toMatchObject({ paid: false })
    // Once undone, it is gone from the screen, and cannot be undone again.
    expect(await lastImport()).toBeNull()
    const twice = await undo(done.importId)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().detail).toBe(importMessages.undoOnlyLast)
  })

  it('undoes an import: removes whom it added and puts the plots back', async () => {
    const rows: Cell[][] = [
      ['Name', 'Plot No', 'Paid'],
      ['Lena Hart', '3', 'yes'],
      ['Omar Reed', '', ''],
    ]
    const waitingBefore = (await waitingList()).map((p) => p.id)
    const done = await save(rows, { kind: 'people' })
    expect(done).toMatchObject({ created: 2, tenancies: 1 })
    expect(await plot('3')).toMatchObject({ paid: true, occupied: true })
    const undone = await undo(done.importId)
    expect(undone.statusCode, undone.body).toBe(200)
    expect(undone.json()).toEqual({ removed: 2, restored: 1 })
    const names = (await people()).map((p) => p.lastName)
    expect(names).not.toContain('Hart')
    expect(names).not.toContain('Reed')
    expect((await waitingList()).map((p) => p.id)).toEqual(waitingBefore)
    expect(await plot('3')).toMatchObject({ paid: false, occupied: false, tenants: [] })
  })

  it('refuses to undo once someone has changed a record it made, naming it, and undoes nothing', async () => {
    const rows: Cell[][] = [
      ['Name', 'Plot No'],
      ['Rosa Quinn', ''],
      ['Sid Vale', ''],
    ]
    const done = await save(rows, { kind: 'people' })
    const sid = (await people()).find((p) => p.lastName === 'Vale')!
    const { id, firstName, lastName, dateJoined, joinedWaitingList, version } = sid
    const edited = await send(t, admin, 'PUT', `/api/people/${id}`, {
      ...{ firstName, lastName, dateJoined, joinedWaitingList, version },
      ...{ address: '', email: '', altEmail: '', phoneNumber: '01234 000000' },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const before = await checksum(t.db)
    const refused = await undo(done.importId)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toBe(importMessages.undoRecordChanged('person', id))
    expect(await checksum(t.db)).toEqual(before)
  })

  it('reads a sheet in rods, keeping square metres, and refuses a size it cannot read, naming the area', async () => {
    const rods: Cell[][] = [
      ['Plot', 'Rods', 'Rent'],
      ['R1', '10', '65'],
      ['R2', '4.5', '£32.50'],
    ]
    const checked = await check(rods, { kind: 'plots' })
    expect(checked.refused).toEqual([])
    await save(rods, { kind: 'plots' })
    expect(await plot('R1')).toMatchObject({ area: 253, fee: 65 })
    expect(await plot('R2')).toMatchObject({ area: 114, fee: 32.5 })
    const unreadable = await check(
      [
        ['Plot', 'Rods'],
        ['R3', '4.55'],
      ],
      { kind: 'plots' },
    )
    expect(unreadable.refused).toEqual([{ row: 2, message: plotMessages.areaInRods }])
  })
})
