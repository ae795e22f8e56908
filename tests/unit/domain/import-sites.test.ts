import { describe, expect, it } from 'vitest'
import { guessMapping } from '#shared/domain/import-rows'
import { rowsBySite, siteReader } from '#shared/domain/import-sites'
import { importMessages } from '#shared/messages/import'

// Issue 46, item 7 (decision 54): a file's Site column, read among the organisation's sites.

const HOME = { id: 1, name: 'Home Ground', retiredOn: null }
const NORTH = { id: 2, name: 'Northfield', retiredOn: null }
const OLD = { id: 3, name: 'Old Lane', retiredOn: '2026-01-01' }

describe('siteReader', () => {
  const read = siteReader([HOME, NORTH, OLD], NORTH)

  it('finds a site by its name, whatever its case and spacing', () => {
    expect(read('northfield')).toEqual({ ok: true, value: NORTH })
    expect(read('  HOME   ground ')).toEqual({ ok: true, value: HOME })
  })

  it('gives a blank cell, or none, the site chosen for the file', () => {
    expect(read('')).toEqual({ ok: true, value: NORTH })
    expect(read('   ')).toEqual({ ok: true, value: NORTH })
    expect(read(undefined)).toEqual({ ok: true, value: NORTH })
  })

  it('refuses a name that is no site, naming it and the sites in use', () => {
    expect(read(' Westfield ')).toEqual({
      ok: false,
      message: "There is no site 'Westfield'. The sites are Home Ground and Northfield.",
    })
    expect(siteReader([HOME], HOME)('North')).toEqual({
      ok: false,
      message: "There is no site 'North'. The only site is Home Ground.",
    })
  })

  it('refuses a retired site by its name', () => {
    expect(read('old lane')).toEqual({ ok: false, message: importMessages.retiredSite('Old Lane') })
  })
})

describe('rowsBySite', () => {
  it('counts the rows of each site, in the order the sites were added, when there are several', () => {
    const rows = [NORTH, HOME, NORTH, NORTH]
    expect(rowsBySite(rows)).toEqual([
      { name: 'Home Ground', rows: 1 },
      { name: 'Northfield', rows: 3 },
    ])
    expect(importMessages.rowsBySite(rowsBySite(rows))).toBe(
      'By site: 1 row to Home Ground and 3 rows to Northfield.',
    )
  })

  it('says nothing when every row goes to one site', () => {
    expect(rowsBySite([HOME, HOME])).toEqual([])
    expect(rowsBySite([])).toEqual([])
  })
})

describe('the Site column', () => {
  it.each(['Site', 'Allotment site', 'Site name', 'SITE'])('is guessed from %j', (heading) => {
    const table = { columns: ['Name', 'Plot', heading], rows: [] }
    expect(guessMapping('people', table).site).toBe(heading)
    expect(guessMapping('plots', { ...table, columns: ['Plot', heading] }).site).toBe(heading)
  })
})
