// Two instances on one PostgreSQL racing for the same rows, through the real API: the rules the
// write transactions guard must hold however the requests interleave.

export interface RaceResult {
  name: string
  outcome: string
  ms: number
  held: boolean
}

const RACERS = 40
const ROUNDS = 5

function call(url: string, cookie: string, method: string, path: string, body?: object) {
  return fetch(`${url}${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** RACERS people at once, half through each instance, join one empty plot: exactly four may. */
export async function raceTenantLimit(urls: string[], cookie: string): Promise<RaceResult> {
  const [first] = urls as [string]
  const waiting = await json<Array<{ id: string }>>(
    await call(first, cookie, 'GET', '/api/people?status=waitinglist'),
  )
  const started = performance.now()
  let held = true
  const counts: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const plot = `race-${Date.now()}-${round}`
    await json(
      await call(first, cookie, 'POST', '/api/plots', {
        id: plot,
        description: 'raced',
        area: 1,
        distance: 1,
        gradient: 'flat',
        fee: 1,
        paid: false,
        showOnGrid: false,
        isNew: false,
        isFailed: false,
      }),
    )
    const people = waiting.slice(round * RACERS, (round + 1) * RACERS)
    const answers = await Promise.all(
      people.map((person, i) =>
        call(
          urls[i % urls.length]!,
          cookie,
          'PUT',
          `/api/plots/${plot}/tenants/${encodeURIComponent(person.id)}`,
        ),
      ),
    )
    const ok = answers.filter((a) => a.status === 200).length
    const refused = answers.filter((a) => a.status === 422).length
    const stored = await json<{ tenants: string[] }>(
      await call(first, cookie, 'GET', `/api/plots/${plot}`),
    )
    counts.push(ok)
    held &&= ok === 4 && refused === people.length - 4 && stored.tenants.length === 4
  }
  return {
    name: `tenant limit: ${RACERS} joins at once, ${ROUNDS} plots`,
    outcome: `${counts.join(', ')} joined (4 each expected)`,
    ms: (performance.now() - started) / ROUNDS,
    held,
  }
}

/** RACERS edits of one plot from the same version, half through each instance: one may win. */
export async function raceStaleVersion(urls: string[], cookie: string): Promise<RaceResult> {
  const [first] = urls as [string]
  const plots = await json<Array<{ id: string }>>(await call(first, cookie, 'GET', '/api/plots'))
  const started = performance.now()
  let held = true
  const winners: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const id = plots[round]!.id
    const plot = await json<Record<string, unknown> & { version: number }>(
      await call(first, cookie, 'GET', `/api/plots/${encodeURIComponent(id)}`),
    )
    const { id: _id, tenants: _tenants, occupied: _occupied, ...fields } = plot
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        call(urls[i % urls.length]!, cookie, 'PUT', `/api/plots/${encodeURIComponent(id)}`, {
          ...fields,
          description: `edit ${i}`,
        }),
      ),
    )
    const ok = answers.filter((a) => a.status === 200).length
    const stale = answers.filter((a) => a.status === 409).length
    const after = await json<{ version: number }>(
      await call(first, cookie, 'GET', `/api/plots/${encodeURIComponent(id)}`),
    )
    winners.push(ok)
    held &&= ok === 1 && stale === RACERS - 1 && after.version === plot.version + 1
  }
  return {
    name: `stale version: ${RACERS} edits from one version, ${ROUNDS} plots`,
    outcome: `${winners.join(', ')} saved (1 each expected)`,
    ms: (performance.now() - started) / ROUNDS,
    held,
  }
}
