import { describe, expect, it } from 'vitest'
import { comparePlotIds, MAX_TENANTS_PER_PLOT } from '#shared/domain/plots'
import { personSchema } from '#shared/schemas/person'
import { plotSchema } from '#shared/schemas/plot'
import {
  councilOptions,
  demoOptions,
  generateSeed,
  REFERENCE_DATE,
  scaleOptions,
  sitePlotIds,
  type SeedData,
  type SeedOptions,
} from '../../scripts/seed/generate.ts'
import { FIRST_NAMES, LAST_NAMES } from '../../scripts/seed/names.ts'
import { extractText, getDocumentProxy } from 'unpdf'
import { documentPdf } from '../../scripts/seed/pdf.ts'
import { riversideLayout as siteLayout } from '../../scripts/seed/riverside-layout.ts'

const demo = generateSeed(demoOptions)
const DAY = 86_400_000
const daysBefore = (date: string) =>
  (Date.parse(`${REFERENCE_DATE}T00:00:00Z`) - Date.parse(date)) / DAY

// The rules every generated data set must keep, whatever its size.
function expectConsistent({ people, plots }: SeedData) {
  expect(new Set(people.map((p) => p.id)).size).toBe(people.length)
  expect(new Set(plots.map((p) => p.id)).size).toBe(plots.length)
  const tenancies = new Set(plots.flatMap((plot) => plot.tenants.map((id) => `${plot.id}|${id}`)))
  const holdings = new Set(people.flatMap((p) => p.plots.map((plotId) => `${plotId}|${p.id}`)))
  expect(holdings).toEqual(tenancies)
  for (const plot of plots) {
    expect(plot.tenants.length).toBeLessThanOrEqual(MAX_TENANTS_PER_PLOT)
    expect(plot.occupied).toBe(plot.tenants.length > 0)
    if (!plot.occupied) expect(plot.paid).toBe(false)
    if (plot.isFailed) expect(plot.occupied).toBe(true)
  }
  for (const person of people) {
    expect(person.isPlotHolder).toBe(person.plots.length > 0)
    expect(person.onWaitingList).toBe(!person.isPlotHolder)
    expect(person.plots).toEqual([...person.plots].sort(comparePlotIds))
  }
}

describe('the seed generator', () => {
  it('gives identical data for the same seed and different data for another', () => {
    expect(generateSeed(demoOptions)).toEqual(demo)
    const other = generateSeed({ ...demoOptions, seed: demoOptions.seed + 100 })
    expect(other.people.map((p) => p.id)).not.toEqual(demo.people.map((p) => p.id))
  })

  it('makes the demo site: the plots of the map, 120 people, 25 waiting, 300 log entries', () => {
    expect(demo.plots.map((p) => p.id).sort(comparePlotIds)).toEqual(
      siteLayout.plots.map((p) => p.id).sort(comparePlotIds),
    )
    expect(demo.people).toHaveLength(120)
    expect(demo.people.filter((p) => p.onWaitingList)).toHaveLength(25)
    expect(demo.logs).toHaveLength(300)
    expect(demo.plots.filter((p) => !p.occupied)).toHaveLength(5)
    expect(demo.plots.some((p) => p.isNew)).toBe(true)
    expect(demo.plots.some((p) => p.isFailed)).toBe(true)
    expect(demo.plots.some((p) => p.occupied && !p.paid)).toBe(true)
    expect(demo.people.some((p) => p.plots.length > 1)).toBe(true)
    expect(demo.plots.some((p) => p.tenants.length > 1)).toBe(true)
  })

  it('keeps every rule: four tenants at most, plots and tenants agree, flags follow plots', () => {
    expectConsistent(demo)
    for (const person of demo.people) expect(personSchema.parse(person)).toEqual(person)
    for (const plot of demo.plots) expect(plotSchema.parse(plot)).toEqual(plot)
  })

  it('fills plots up to four tenants and no further, and refuses more than fit', () => {
    const crowded: SeedOptions = {
      ...demoOptions,
      people: 40,
      waitingList: 0,
      plots: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'],
      vacantPlots: 0,
      logs: 20,
    }
    const data = generateSeed(crowded)
    expectConsistent(data)
    expect(data.plots.every((p) => p.tenants.length === MAX_TENANTS_PER_PLOT)).toBe(true)
    expect(() => generateSeed({ ...crowded, people: 41 })).toThrow('do not fit')
  })

  it('makes up people: names from the lists, fictional town, drama phone numbers, example emails', () => {
    for (const person of demo.people) {
      expect(FIRST_NAMES).toContain(person.firstName)
      expect(LAST_NAMES).toContain(person.lastName)
      expect(person.id).toMatch(/^[a-z]+\d*$/)
      expect(person.address).toMatch(/^\d+ [A-Za-z ]+, Riverside RV\d \d[A-Z]{2}$/)
      expect(person.phoneNumber).toMatch(/^07700 900\d{3}$/)
      for (const email of [person.email, person.altEmail]) {
        if (email) expect(email).toMatch(/^[a-z0-9.]+@example\.org$/)
      }
    }
    expect(new Set(demo.people.map((p) => p.phoneNumber)).size).toBe(demo.people.length)
  })

  it('dates the waiting list over the last three years, and holders before their plots', () => {
    for (const person of demo.people) {
      expect(person.joinedWaitingList <= person.dateJoined).toBe(true)
      expect(person.dateJoined <= REFERENCE_DATE).toBe(true)
      if (person.onWaitingList) {
        expect(person.dateJoined).toBe(person.joinedWaitingList)
        expect(daysBefore(person.joinedWaitingList)).toBeLessThanOrEqual(3 * 365)
      }
    }
  })

  it('writes log entries of the past year by committee accounts, a few with errors', () => {
    const methods = new Set(demo.logs.map((log) => log.methodName))
    expect([...methods].sort()).toEqual(
      [
        'addPlotToPerson',
        'createPerson',
        'createPlot',
        'moveToWaitingList',
        'removePlotFromPerson',
        'updatePerson',
        'updatePlot',
      ].sort(),
    )
    const timeStamps = demo.logs.map((log) => log.timeStamp)
    expect(timeStamps).toEqual([...timeStamps].sort())
    for (const log of demo.logs) {
      expect(['demo-admin', 'demo-committee']).toContain(log.userName)
      expect(new Date(log.timeStamp).toISOString()).toBe(log.timeStamp)
      expect(daysBefore(log.timeStamp)).toBeGreaterThan(0)
      expect(daysBefore(log.timeStamp)).toBeLessThanOrEqual(366)
      expect(() => JSON.parse(log.value) as unknown).not.toThrow()
      expect(JSON.parse(log.error)).toSatisfy((e) => e === null || typeof e.message === 'string')
    }
    const failed = demo.logs.filter((log) => log.error !== 'null')
    expect(failed.length).toBeGreaterThan(0)
    expect(failed.length).toBeLessThan(demo.logs.length / 10)
    expect(failed.map((log) => JSON.parse(log.error))).toContainEqual({
      status: 422,
      message: 'Only four tenants allowed per plot',
    })
  })

  // The 100,000 log entries take seconds and are checked above on the demo; only their number here.
  it('makes the scale data set: 10,000 people, 2,000 plots, 100,000 log entries', () => {
    expect(scaleOptions.logs).toBe(100_000)
    const scale = generateSeed({ ...scaleOptions, logs: 1_000 })
    expect(scale.people).toHaveLength(10_000)
    expect(scale.plots).toHaveLength(2_000)
    expect(scale.plots[0]?.id).toBe('P0001')
    expect(scale.logs).toHaveLength(1_000)
    expect(scale.plots.filter((p) => p.occupied).length).toBeGreaterThan(1_900)
    expectConsistent(scale)
  }, 30_000)

  // bench:sites' council (issue 46) at a tenth of its sites and fewer log entries: the same rules.
  it("makes a council's sites: a plot 1 on each, a third of those waiting on several lists, each log entry's sites", () => {
    expect(councilOptions).toMatchObject({ people: 40_000, waitingList: 15_000, logs: 1_000_000 })
    expect(councilOptions.plots).toHaveLength(8_000)
    const council = generateSeed({
      ...councilOptions,
      people: 4_000,
      waitingList: 1_500,
      plots: sitePlotIds(10, 80),
      vacantPlots: 48,
      sites: 10,
      logs: 2_000,
    })
    expectConsistent(council)
    expect(council.sites.map((site) => site.name)).toHaveLength(9)
    expect(new Set(council.sites.map((site) => site.name)).size).toBe(9)
    const ones = council.plots.filter((plot) => plot.name === '1')
    expect(ones.map((plot) => [plot.id, plot.siteId])).toEqual(
      Array.from({ length: 10 }, (_, at) => [at === 0 ? '1' : `1-${at + 1}`, at + 1]),
    )
    const waiting = new Set(council.people.filter((p) => p.onWaitingList).map((p) => p.id))
    const sitesOf = new Map<string, number[]>()
    for (const { personId, siteId } of council.places) {
      expect(waiting.has(personId)).toBe(true)
      expect(siteId).toBeGreaterThanOrEqual(1)
      expect(siteId).toBeLessThanOrEqual(10)
      sitesOf.set(personId, [...(sitesOf.get(personId) ?? []), siteId])
    }
    expect(sitesOf.size).toBe(1_500)
    for (const sites of sitesOf.values()) expect(new Set(sites).size).toBe(sites.length)
    const several = [...sitesOf.values()].filter((sites) => sites.length > 1).length
    expect(several / 1_500).toBeGreaterThan(0.28)
    expect(several / 1_500).toBeLessThan(0.39)
    const plotSite = new Map(council.plots.map((plot) => [plot.id, String(plot.siteId)]))
    for (const log of council.logs.filter((entry) => entry.eventCollection === 'plots'))
      expect(log.siteIds).toBe(plotSite.get(log.docId))
    expect(council.logs.every((log) => /^\d+(,\d+)*$/.test(log.siteIds))).toBe(true)
  }, 30_000)
})

describe('the demo land documents', () => {
  it('are PDFs that read back with their title and text', async () => {
    const bytes = documentPdf(
      'Lease (renewal) – £45',
      ['A line with a \\ backslash', '', 'Café'],
      new Date('2024-01-01'),
    )
    const { totalPages, text } = await extractText(await getDocumentProxy(bytes), {
      mergePages: false,
    })
    expect(totalPages).toBe(1)
    expect(text[0]).toBe('Lease (renewal) – £45\nA line with a \\ backslash\nCafé')
  })

  it('are the same bytes for the same seed', () => {
    const [first, again] = [generateSeed(demoOptions), generateSeed(demoOptions)]
    expect(first.landDocuments.length).toBeGreaterThan(0)
    expect(first.landDocuments.map((d) => d.file.data)).toEqual(
      again.landDocuments.map((d) => d.file.data),
    )
  })
})
