import type { LogsTable } from '#server/core/db/schema'
import { writeSiteLimit } from '#shared/domain/sites'
import { commonMessages } from '#shared/messages/common'
import { peopleMessages } from '#shared/messages/people'
import { plotMessages } from '#shared/messages/plots'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import type { SeedPlace } from './generate.ts'
import { compareText, DAY, type Random } from './random.ts'

/** A log row as the seed writes it: the table's columns but the generated id. */
export type SeedLog = Omit<LogsTable, 'id' | 'siteIds'> & { siteIds: string }

// Only levels 3 and 4 may change people and plots, so only those demo accounts appear in the log.
const LOG_USERS = ['demo-committee', 'demo-committee', 'demo-committee', 'demo-admin']

type LogKind = { methodName: string; weight: number; error?: { status: number; message: string } }

// The change a committee makes most is an edit; refusals are rare and carry the spec's messages.
const LOG_KINDS: LogKind[] = [
  { methodName: 'updatePerson', weight: 28 },
  { methodName: 'updatePlot', weight: 18 },
  { methodName: 'addPlotToPerson', weight: 15 },
  { methodName: 'createPerson', weight: 13 },
  { methodName: 'removePlotFromPerson', weight: 8 },
  { methodName: 'moveToWaitingList', weight: 5 },
  { methodName: 'createPlot', weight: 2 },
  { methodName: 'addPlotToPerson', weight: 2, error: { status: 422, message: plotMessages.fourTenantsOnly } },
  { methodName: 'moveToWaitingList', weight: 1, error: { status: 422, message: peopleMessages.personHasPlots } },
  { methodName: 'updatePerson', weight: 1, error: { status: 409, message: commonMessages.staleVersion } },
  { methodName: 'createPlot', weight: 1, error: { status: 409, message: plotMessages.plotNameInUse } },
] // prettier-ignore

export function generateLogs(
  rng: Random,
  people: Person[],
  plots: Plot[],
  places: readonly SeedPlace[],
  count: number,
  today: number,
) {
  if (count > 0 && (people.length === 0 || plots.length === 0)) {
    throw new Error('Log entries need people and plots to refer to.')
  }
  // Serialised once each: the scale data set writes 100,000 entries.
  const personJson = new Map(people.map((person) => [person, JSON.stringify(person)]))
  const plotJson = new Map(plots.map((plot) => [plot, JSON.stringify(plot)]))
  const byId = new Map(plots.map((plot) => [plot.id, plot]))
  const holders = people.filter((person) => person.plots.length > 0)
  const waiting = people.filter((person) => person.onWaitingList)
  const totalWeight = LOG_KINDS.reduce((sum, kind) => sum + kind.weight, 0)
  // Each entry names the sites it touched, as the app logs them (decision 46): a plot's site, or a
  // person's, those of their plots and of the lists they wait on.
  const waitsOn = new Map<string, number[]>()
  for (const place of places)
    waitsOn.set(place.personId, [...(waitsOn.get(place.personId) ?? []), place.siteId])
  const sitesOf = new Map(
    people.map((person) => {
      const held = person.plots.map((id) => byId.get(id)?.siteId ?? 1)
      return [person.id, writeSiteLimit([...held, ...(waitsOn.get(person.id) ?? [])])]
    }),
  )

  const log = (eventCollection: string, docId: string, value = 'null') => ({
    eventCollection,
    docId,
    value,
    siteIds:
      eventCollection === 'plots'
        ? String(byId.get(docId)?.siteId ?? 1)
        : (sitesOf.get(docId) ?? ''),
  })
  const pair = (plot: Plot, person: Person) =>
    `{"plot":${plotJson.get(plot)},"person":${personJson.get(person)}}`

  // Successes log the document as saved (the API's answer); refusals log no value.
  const entry = ({ methodName, error }: LogKind) => {
    const plot = rng.pick(plots)
    const person = rng.pick(people)
    const holder = holders.length > 0 ? rng.pick(holders) : person
    switch (methodName) {
      case 'addPlotToPerson': {
        // Tenant changes are logged against the person, as the API does.
        if (error) return log('people', person.id)
        const held = byId.get(holder.plots[0] ?? '') ?? plot
        return log('people', holder.id, pair(held, holder))
      }
      case 'removePlotFromPerson':
        return log('people', person.id, pair(plot, person))
      case 'moveToWaitingList': {
        if (error) return log('people', holder.id)
        const mover = waiting.length > 0 ? rng.pick(waiting) : person
        return log('people', mover.id, personJson.get(mover))
      }
      case 'createPlot':
      case 'updatePlot':
        return log('plots', plot.id, error ? 'null' : plotJson.get(plot))
      default:
        return log('people', person.id, error ? 'null' : personJson.get(person))
    }
  }

  const logs: SeedLog[] = []
  for (let i = 0; i < count; i++) {
    let roll = rng.int(1, totalWeight)
    const kind = LOG_KINDS.find((k) => (roll -= k.weight) <= 0) as LogKind
    // Spread over the past year, in the committee's waking hours.
    const day = today - rng.int(1, 365)
    const ms = day * DAY + rng.int(8 * 3600, 21 * 3600) * 1000 + rng.int(0, 999)
    logs.push({
      timeStamp: new Date(ms).toISOString(),
      userName: rng.pick(LOG_USERS),
      methodName: kind.methodName,
      ...entry(kind),
      error: kind.error ? JSON.stringify(kind.error) : 'null',
    })
  }
  // Ids then grow with time, as they do when the app writes the log.
  return logs.sort((a, b) => compareText(a.timeStamp, b.timeStamp))
}
