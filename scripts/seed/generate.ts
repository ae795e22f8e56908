import { comparePlotIds, MAX_TENANTS_PER_PLOT } from '#shared/domain/plots'
import { makeReference } from '#shared/domain/references'
import type { Person } from '#shared/schemas/person'
import type { Gradient, Plot } from '#shared/schemas/plot'
import type { SiteLayout } from '#shared/schemas/site-map'
import type { SitesTable } from '#server/core/db/schema'
import { FIRST_NAMES, LAST_NAMES, PLOT_DESCRIPTIONS, STREETS, TOWN } from './names.ts'
import { generateLandDocuments, type SeedLandDocument } from './land-documents.ts'
import { generateLogs, type SeedLog } from './logs.ts'
import { compareText, dayNumber, isoDay, random, type Random } from './random.ts'
import { riversideLayout } from './riverside-layout.ts'

// Fictional data for the demo site and the scale benchmarks. Everything follows from the seed and
// the reference date (the data's "today"), never from the clock or Math.random, so two runs give
// identical databases and a test can pin what it sees.

export interface SeedOptions {
  seed: number
  /** YYYY-MM-DD: the day the data describes; dates run back from it. */
  referenceDate: string
  people: number
  plots: readonly string[]
  logs: number
  /** People waiting for a plot, with none yet; the rest hold plots. Default a fifth. */
  waitingList?: number
  /** Plots without tenants. Default 6 %. */
  vacantPlots?: number
  /** Add the demo's timeline of land documents with their PDFs. */
  landDocuments?: boolean
  /** The site drawing to store as the map. */
  layout?: SiteLayout
  /**
   * The sites the plots are on (issue 46): site 1 and as many more, named from the streets. A
   * plot's key says its site as the app makes it (decision 43): "7" on site 1, "7-12" on site 12.
   * Default one.
   */
  sites?: number
  /** Of those waiting, the share on more than one site's list (two or three). Default none. */
  onSeveralLists?: number
}

/**
 * A site after the first (site 1 is the one the migrations make), written in order so that the
 * database numbers them 2, 3 and on, as the plots' keys and the places name them.
 */
export type SeedSite = Omit<SitesTable, 'id'>

/** A person's place on a site's list: those waiting have one on site 1, or several. */
export interface SeedPlace {
  personId: string
  siteId: number
}

export interface SeedData {
  sites: SeedSite[]
  places: SeedPlace[]
  people: Person[]
  plots: Plot[]
  logs: SeedLog[]
  landDocuments: SeedLandDocument[]
  layout: SiteLayout | null
}

export const REFERENCE_DATE = '2026-11-01'

/** The demo site's plots: those drawn on its map. */
export function demoPlotIds(): string[] {
  return riversideLayout.plots.map((plot) => plot.id).sort(comparePlotIds)
}

export function scalePlotIds(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `P${String(i + 1).padStart(4, '0')}`)
}

export const demoOptions: SeedOptions = {
  seed: 20_261_101,
  referenceDate: REFERENCE_DATE,
  people: 120,
  waitingList: 25,
  plots: demoPlotIds(),
  vacantPlots: 5,
  logs: 300,
  landDocuments: true,
  layout: riversideLayout,
}

// A council's long waiting list; 5,000 plot holders then average under three to a plot.
export const scaleOptions: SeedOptions = {
  seed: 10_000,
  referenceDate: REFERENCE_DATE,
  people: 10_000,
  waitingList: 5_000,
  plots: scalePlotIds(2_000),
  vacantPlots: 80,
  logs: 100_000,
}

// A council (issue 46's benchmark): 100 sites of 80 plots, each with its own plot "1"; 40,000
// people, 15,000 of them waiting, a third of those on more than one list; a million log entries.
export const councilOptions: SeedOptions = {
  seed: 46_000,
  referenceDate: REFERENCE_DATE,
  people: 40_000,
  waitingList: 15_000,
  plots: sitePlotIds(100, 80),
  vacantPlots: 480,
  logs: 1_000_000,
  sites: 100,
  onSeveralLists: 1 / 3,
}

/** Plots "1" to `perSite` on each of `sites` sites, keyed as the app keys them (decision 43). */
export function sitePlotIds(sites: number, perSite: number): string[] {
  return Array.from({ length: sites }, (_, site) =>
    Array.from({ length: perSite }, (_, n) => (site === 0 ? `${n + 1}` : `${n + 1}-${site + 1}`)),
  ).flat()
}

// One random stream per part, so that asking for more log entries does not change the people.
export function generateSeed(options: SeedOptions): SeedData {
  const today = dayNumber(options.referenceDate)
  const plots = generatePlots(random(options.seed), options.plots)
  const people = generatePeople(random(options.seed + 1), options.people)
  assignTenancies(random(options.seed + 2), people, plots, options)
  datePeople(random(options.seed + 3), people, plots, today)
  const places = placeOnLists(random(options.seed + 6), people, options)
  const logs = generateLogs(random(options.seed + 4), people, plots, places, options.logs, today)
  giveReferences(random(options.seed + 5), people)
  return {
    sites: Array.from({ length: (options.sites ?? 1) - 1 }, (_, at) => seedSite(at)),
    places,
    people: people.sort((a, b) => compareText(a.id, b.id)),
    plots,
    logs,
    landDocuments: options.landDocuments ? generateLandDocuments() : [],
    layout: options.layout ?? null,
  }
}

function generatePlots(rng: Random, ids: readonly string[]): Plot[] {
  if (new Set(ids).size !== ids.length) throw new Error('The plot ids must be unique.')
  return [...ids].sort(comparePlotIds).map((id) => {
    // The key's tail after a dash is its site (sitePlotIds); the name is what comes before.
    const [name = id, site = '1'] = id.split('-')
    // Half plots and full plots, in steps of 5 m2; the fee follows the area, as rents do, to the
    // nearest 50p (a half plot's £32.50).
    const area = rng.chance(0.6) ? 5 * rng.int(10, 25) : 5 * rng.int(26, 50)
    const gradient: Gradient = rng.chance(0.3) ? 'slope' : 'flat'
    return {
      id,
      name,
      siteId: Number(site),
      description: rng.pick(PLOT_DESCRIPTIONS),
      area,
      distance: rng.int(0, 150),
      gradient,
      fee: Math.min(90, Math.max(20, Math.round(area * 0.35 * 2) / 2)),
      sizeBand: null,
      paid: false,
      showOnGrid: true,
      isNew: false,
      isFailed: false,
      tenants: [],
      payer: '',
      occupied: false,
      version: 1,
    }
  })
}

// Named from the streets, numbered past the last; every site has water, some more.
const FACILITY_SETS = ['water', 'water,toilets', 'water,parking', 'water,toilets,parking,stepFree']
function seedSite(at: number): SeedSite {
  const street = STREETS[at % STREETS.length] as string
  const round = Math.floor(at / STREETS.length)
  return {
    name: `${street} Allotments${round ? ` ${round + 1}` : ''}`,
    address: `${street}, ${TOWN}`,
    description: '',
    facilities: FACILITY_SETS[at % FACILITY_SETS.length] as string,
    retiredOn: null,
    version: 1,
  }
}

// Those waiting wait on one site's list, some on two or three (decision 47): the first drawn is
// the site they would like most; with one site, everyone is on site 1's.
function placeOnLists(rng: Random, people: Person[], options: SeedOptions): SeedPlace[] {
  const sites = options.sites ?? 1
  const several = options.onSeveralLists ?? 0
  return people
    .filter((person) => person.onWaitingList)
    .flatMap((person) => {
      const count = sites > 1 && rng.chance(several) ? rng.int(2, 3) : 1
      const chosen = new Set<number>()
      while (chosen.size < count) chosen.add(sites > 1 ? rng.int(1, sites) : 1)
      return [...chosen].map((siteId) => ({ personId: person.id, siteId }))
    })
}

// Everyone has a reference for "Where am I on the list?", each their own, from a stream of its
// own so that the rest of the data stays as it was.
function giveReferences(rng: Random, people: Person[]) {
  const given = new Set<string>()
  for (const person of people) {
    do person.reference = makeReference((n) => rng.int(0, n - 1))
    while (given.has(person.reference))
    given.add(person.reference)
  }
}

function generatePeople(rng: Random, count: number): Person[] {
  const nicknames = new Map<string, number>()
  const emails = new Map<string, number>()
  const unique = (seen: Map<string, number>, base: string) => {
    const n = (seen.get(base) ?? 0) + 1
    seen.set(base, n)
    return n === 1 ? base : `${base}${n}`
  }
  // Ofcom's drama range has only 1,000 numbers: hand them out shuffled, then again.
  const phones = rng.shuffle(Array.from({ length: 1000 }, (_, i) => i))
  return Array.from({ length: count }, (_, index) => {
    const firstName = rng.pick(FIRST_NAMES)
    const lastName = rng.pick(LAST_NAMES)
    const first = plain(firstName)
    const last = plain(lastName)
    const id = unique(nicknames, `${first[0]}${last}`)
    const email = unique(emails, `${first}.${last}`)
    const postcode = `RV${rng.int(1, 9)} ${rng.int(1, 9)}${letter(rng)}${letter(rng)}`
    const address = `${rng.int(1, 180)} ${rng.pick(STREETS)}, ${TOWN} ${postcode}`
    const hasEmail = rng.chance(0.92)
    return {
      id,
      // Without the random generator too: a few with a title, a few with the committee's notes.
      title: index % 23 === 0 ? 'Dr' : '',
      firstName,
      lastName,
      dateJoined: '',
      joinedWaitingList: '',
      joinedWaitingListAt: '',
      waitingListEntry: 0,
      address,
      phoneNumber: `07700 900${String(phones[index % phones.length]).padStart(3, '0')}`,
      email: hasEmail ? `${email}@example.org` : '',
      altEmail: rng.chance(0.06) ? `${id}.home@example.org` : '',
      // Without the random generator, so that adding this field left the rest of the data alone.
      contactBy: !hasEmail ? 'post' : index % 17 === 0 ? 'both' : 'email',
      concession: index % 9 === 0,
      notes: index % 31 === 0 ? 'Would like a half plot near the gate.' : '',
      reference: '',
      plots: [],
      isPlotHolder: false,
      onWaitingList: true,
      version: 1,
    }
  })
}

const plain = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '')
// No I, O or Z, as in real postcodes' last two letters (and readable on a phone).
const letter = (rng: Random) => rng.pick([...'ABDEFGHJLNPQRSTUWXY'])

// Plot holders first take one plot each (a few take two), in random order; those left over join a
// plot as co-tenants, never past four. Everyone else is on the waiting list with no plot.
function assignTenancies(rng: Random, people: Person[], plots: Plot[], options: SeedOptions) {
  const waiting = options.waitingList ?? Math.round(people.length / 5)
  const holders = rng.shuffle([...people]).slice(Math.min(waiting, people.length))
  const vacant = holders.length === 0 ? plots.length : (options.vacantPlots ?? plots.length * 0.06)
  const occupied = rng.shuffle([...plots]).slice(Math.min(Math.round(vacant), plots.length))
  if (holders.length > MAX_TENANTS_PER_PLOT * occupied.length) {
    throw new Error(`${holders.length} plot holders do not fit on ${occupied.length} plots.`)
  }
  const add = (plot: Plot, person: Person) => {
    plot.tenants.push(person.id)
    person.plots.push(plot.id)
  }
  // A second plot uses up a tenancy that a co-tenant could have had, so doubles stop at capacity.
  const capacity = MAX_TENANTS_PER_PLOT * occupied.length - holders.length
  const doubles = Math.min(
    Math.round(holders.length * 0.05),
    Math.floor(occupied.length / 4),
    capacity,
  )
  const queue = holders.flatMap((person, i) => (i < doubles ? [person, person] : [person]))
  occupied.forEach((plot, i) => add(plot, queue[i] ?? (holders[i % holders.length] as Person)))
  const open = occupied.filter((plot) => plot.tenants.length < MAX_TENANTS_PER_PLOT)
  for (const person of holders.filter((holder) => holder.plots.length === 0)) {
    const at = rng.int(0, open.length - 1)
    const plot = open[at] as Plot
    add(plot, person)
    if (plot.tenants.length === MAX_TENANTS_PER_PLOT) open.splice(at, 1)
  }
  for (const person of holders) {
    person.plots.sort(comparePlotIds)
    person.isPlotHolder = true
    person.onWaitingList = false
  }
  // A few new plots, let or not; failed ones are occupied (spec: 'failed' filters occupied ones)
  // and half of them unpaid, which makes them 'lapsed'.
  for (const plot of rng.shuffle([...plots]).slice(0, Math.max(1, Math.round(plots.length / 18)))) {
    plot.isNew = true
  }
  const failed = new Set(rng.shuffle([...occupied]).slice(0, Math.round(occupied.length / 16)))
  for (const plot of plots) {
    plot.tenants.sort()
    plot.occupied = plot.tenants.length > 0
    plot.isFailed = failed.has(plot)
    plot.paid = plot.occupied && !rng.chance(plot.isFailed ? 0.5 : 0.12)
  }
}

// Waiting: joined in the last three years, and that is also their record's creation day. Holders
// waited a while before their first plot; tenants of new plots got them this year.
function datePeople(rng: Random, people: Person[], plots: Plot[], today: number) {
  const isNew = new Set(plots.filter((plot) => plot.isNew).map((plot) => plot.id))
  for (const person of people) {
    if (person.onWaitingList) {
      person.joinedWaitingList = person.dateJoined = isoDay(today - rng.int(0, 3 * 365))
      continue
    }
    const joined = person.plots.some((id) => isNew.has(id))
      ? today - rng.int(14, 300)
      : today - rng.int(365, 25 * 365)
    person.dateJoined = isoDay(joined)
    person.joinedWaitingList = isoDay(joined - rng.int(30, 3 * 365))
  }
}
