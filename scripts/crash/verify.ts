import { sql } from 'kysely'
import type { Db } from '#server/core/db/database'
import type { Person } from '#shared/schemas/person'
import type { Plot } from '#shared/schemas/plot'
import { MAX_TENANTS_PER_PLOT } from '#shared/domain/plots'
import type { Client } from './http.ts'
import { tenancyKey, type Ledger } from './ledger.ts'

// What must hold after every restart: each acknowledged write is in the database, the file is
// sound (SQLite's own checks), and the tenancy invariants hold as the API reports them.

export interface Findings {
  found: number
  missing: string[]
  problems: string[]
}

export async function checkDatabase(db: Db, ledger: Ledger): Promise<Findings> {
  const problems: string[] = []
  if (db.dialect === 'sqlite') {
    const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
      db.kysely,
    )
    const verdict = integrity.rows.map((row) => row.integrity_check).join('; ')
    if (verdict !== 'ok') problems.push(`integrity_check: ${verdict}`)
    const broken = await sql`pragma foreign_key_check`.execute(db.kysely)
    if (broken.rows.length > 0) problems.push(`${broken.rows.length} broken foreign keys`)
  }
  const k = db.kysely
  const enquiries = new Set(
    (await k.selectFrom('enquiries').select('enquiry').execute()).map((r) => r.enquiry),
  )
  const accounts = new Set(
    (await k.selectFrom('user').select('username').execute()).map((r) => r.username),
  )
  const people = new Set((await k.selectFrom('people').select('id').execute()).map((r) => r.id))
  const plots = new Set((await k.selectFrom('plots').select('id').execute()).map((r) => r.id))
  const tenancyRows = await k.selectFrom('tenancy').selectAll().execute()
  const tenancies = new Set(tenancyRows.map((r) => tenancyKey(r.plotId, r.personId)))
  // Each acknowledged tenant addition has its log entry, written in the same transaction.
  const logged = new Set(
    (
      await k
        .selectFrom('logs')
        .select(['docId', 'value'])
        .where('methodName', '=', 'addPlotToPerson')
        .where('error', '=', 'null')
        .execute()
    ).map((r) => tenancyKey((JSON.parse(r.value) as { plot: { id: string } }).plot.id, r.docId)),
  )

  const missing: string[] = []
  const expect = (kind: string, wanted: Set<string>, present: Set<string | null>) => {
    for (const item of wanted) if (!present.has(item)) missing.push(`${kind} ${item}`)
  }
  expect('enquiry', ledger.enquiries, enquiries)
  expect('account', ledger.accounts, accounts)
  expect('person', ledger.people, people)
  expect('plot', ledger.plots, plots)
  expect('tenancy', ledger.tenancies, tenancies)
  for (const key of ledger.tenancies) {
    if (tenancies.has(key) && !logged.has(key)) problems.push(`tenancy ${key} has no log entry`)
  }

  const perPlot = new Map<string, number>()
  for (const row of tenancyRows) perPlot.set(row.plotId, (perPlot.get(row.plotId) ?? 0) + 1)
  for (const [plot, count] of perPlot) {
    if (count > MAX_TENANTS_PER_PLOT)
      problems.push(`plot ${plot} has ${count} tenants in the database`)
  }
  return { found: ledger.size - missing.length, missing, problems }
}

/** Plots' tenants and people's plots agree, at most four tenants, occupied means tenanted. */
export async function checkInvariants(admin: Client): Promise<string[]> {
  const plotsAnswer = await admin.call('GET', '/api/plots')
  const peopleAnswer = await admin.call('GET', '/api/people')
  if (plotsAnswer.status !== 200 || peopleAnswer.status !== 200) {
    return [`GET /api/plots answered ${plotsAnswer.status}, /api/people ${peopleAnswer.status}`]
  }
  const plots = plotsAnswer.body as Plot[]
  const people = new Map((peopleAnswer.body as Person[]).map((person) => [person.id, person]))
  const problems: string[] = []
  for (const plot of plots) {
    if (plot.tenants.length > MAX_TENANTS_PER_PLOT) {
      problems.push(`plot ${plot.id} has ${plot.tenants.length} tenants`)
    }
    if (plot.occupied !== plot.tenants.length > 0)
      problems.push(`plot ${plot.id}: occupied is wrong`)
    for (const tenant of plot.tenants) {
      if (!people.get(tenant)?.plots.includes(plot.id)) {
        problems.push(`plot ${plot.id} lists ${tenant}, whose plots do not include it`)
      }
    }
  }
  const byId = new Map(plots.map((plot) => [plot.id, plot]))
  for (const person of people.values()) {
    for (const plotId of person.plots) {
      if (!byId.get(plotId)?.tenants.includes(person.id)) {
        problems.push(`${person.id} holds ${plotId}, whose tenants do not include them`)
      }
    }
    if (person.plots.length > 0 && !person.isPlotHolder) {
      problems.push(`${person.id} holds plots but is not a plot holder`)
    }
  }
  return problems
}
