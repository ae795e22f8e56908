import { sql } from 'kysely'
import type { Auth } from '#server/core/auth/auth'
import type { Db } from '#server/core/db/database'
import { writeTransaction, type ReadTx, type WriteTx } from '#server/core/db/write-transaction'
import { feePence } from '#shared/domain/money'
import { storeSiteMap } from '#server/features/site-map/sql'
import type { SeedData } from './generate.ts'

export const NOT_EMPTY_MESSAGE =
  'The database is not empty; the demo data is only written into an empty database.'

export class DatabaseNotEmptyError extends Error {
  constructor() {
    super(NOT_EMPTY_MESSAGE)
    this.name = 'DatabaseNotEmptyError'
  }
}

// 500 rows of at most 7 columns stay far below both engines' limits on bound parameters
// (SQLite 32,766, PostgreSQL 65,535) while keeping round trips few.
const CHUNK = 500

export interface SeedCounts {
  sites: number
  people: number
  plots: number
  tenancies: number
  logs: number
  landDocuments: number
}

const flag = (value: boolean) => (value ? 1 : 0)

/**
 * Writes the rows in one write transaction, after checking inside it that the database holds no
 * people, plots, logs or land documents: either everything is written or nothing, and a second
 * run can never mix two data sets.
 */
export async function writeSeed(db: Db, data: SeedData): Promise<SeedCounts> {
  const tenancies = data.plots.flatMap((plot) =>
    plot.tenants.map((personId) => ({ plotId: plot.id, siteId: plot.siteId, personId })),
  )
  await writeTransaction(db, async (tx) => {
    if (!(await isEmpty(tx))) throw new DatabaseNotEmptyError()
    const people = data.people.map(({ plots: _plots, ...person }) => ({
      ...person,
      isPlotHolder: flag(person.isPlotHolder),
      onWaitingList: flag(person.onWaitingList),
      concession: flag(person.concession),
    }))
    // A place on each list they wait on, all taken the day they applied (decision 47).
    const byId = new Map(data.people.map((person) => [person.id, person]))
    const places = data.places.map(({ personId, siteId }) => {
      const person = byId.get(personId)!
      return {
        personId,
        siteId,
        joinedWaitingList: person.joinedWaitingList,
        joinedWaitingListAt: person.joinedWaitingListAt,
        waitingListEntry: person.waitingListEntry,
      }
    })
    const plots = data.plots.map(
      ({ tenants: _tenants, occupied: _occupied, payer: _payer, fee, ...plot }) => ({
        ...plot,
        feePence: feePence(fee),
        paid: flag(plot.paid),
        showOnGrid: flag(plot.showOnGrid),
        isNew: flag(plot.isNew),
        isFailed: flag(plot.isFailed),
      }),
    )
    for (const rows of chunks(data.sites)) await tx.insertInto('sites').values(rows).execute()
    for (const rows of chunks(people)) await tx.insertInto('people').values(rows).execute()
    for (const rows of chunks(plots)) await tx.insertInto('plots').values(rows).execute()
    for (const rows of chunks(tenancies)) await tx.insertInto('tenancy').values(rows).execute()
    for (const rows of chunks(places)) await tx.insertInto('waiting_places').values(rows).execute()
    for (const rows of chunks(data.logs)) await tx.insertInto('logs').values(rows).execute()
    await writeLandDocuments(tx, data)
    await linkDemoPlotholder(tx, data)
    if (data.layout)
      await storeSiteMap(tx, 1, { layout: data.layout, backgroundFileId: null, version: 1 })
  })
  // PostgreSQL's planner statistics, as autovacuum gathers them soon after a load this size: a
  // benchmark begun at once would otherwise time plans made for empty tables.
  if (db.dialect === 'postgres') await sql`analyze`.execute(db.kysely)
  return {
    sites: data.sites.length + 1,
    people: data.people.length,
    plots: data.plots.length,
    tenancies: tenancies.length,
    logs: data.logs.length,
    landDocuments: data.landDocuments.length,
  }
}

// demo-plotholder is the first tenant of the first plot let (issue 29), so that My allotment has
// a plot, and rent once a year is started, to show.
async function linkDemoPlotholder(tx: WriteTx, data: SeedData) {
  const personId = data.plots.find((plot) => plot.tenants.length > 0)?.tenants[0]
  if (!personId) return
  await tx.updateTable('user').set({ personId }).where('username', '=', 'demo-plotholder').execute()
}

export async function isEmpty(tx: ReadTx): Promise<boolean> {
  for (const table of ['people', 'plots', 'logs', 'land_documents'] as const) {
    const row = await tx.selectFrom(table).select('id').limit(1).executeTakeFirst()
    if (row) return false
  }
  return true
}

async function writeLandDocuments(tx: WriteTx, data: SeedData) {
  for (const document of data.landDocuments) {
    const { file } = document
    // better-sqlite3 binds a Buffer as a BLOB but refuses a plain Uint8Array; pg takes either.
    const bytes = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength)
    const { id } = await tx
      .insertInto('files')
      .values({ ...file, size: bytes.length, data: bytes })
      .returning('id')
      .executeTakeFirstOrThrow()
    await tx
      .insertInto('land_documents')
      .values({
        name: document.name,
        fileId: id,
        dateDescription: document.dateDescription,
        sortOrder: document.sortOrder,
      })
      .execute()
  }
}

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += CHUNK) yield rows.slice(start, start + CHUNK)
}

export const DEMO_PASSWORD = 'demo-password'

export const DEMO_ACCOUNTS = [
  { userName: 'demo-admin', name: 'Demo Administrator', level: 4 },
  { userName: 'demo-committee', name: 'Demo Committee Member', level: 3 },
  { userName: 'demo-land', name: 'Demo Land Access', level: 2 },
  { userName: 'demo-plotholder', name: 'Demo Plotholder', level: 1 },
] as const

/**
 * Creates the demo accounts that do not exist yet, already approved at their level. better-auth
 * writes through its own connection and cannot join the data's transaction, so the scripts call
 * this before writeSeed: if it fails, no data is written yet and a second run can finish the job,
 * skipping the accounts that exist.
 */
export async function createDemoAccounts(db: Db, auth: Auth): Promise<string[]> {
  const created: string[] = []
  for (const account of DEMO_ACCOUNTS) {
    const existing = await db.kysely
      .selectFrom('user')
      .select('id')
      .where('username', '=', account.userName)
      .executeTakeFirst()
    if (existing) continue
    const { user } = await auth.api
      .signUpEmail({
        body: {
          name: account.name,
          email: `${account.userName}@example.org`,
          password: DEMO_PASSWORD,
          username: account.userName,
          requestedLevel: account.level,
        },
      })
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error)
        throw new Error(`Could not create the demo account '${account.userName}': ${reason}`, {
          cause: error,
        })
      })
    await db.kysely
      .updateTable('user')
      .set({ level: account.level })
      .where('id', '=', user.id)
      .execute()
    // Signing up also signs in; nobody holds that session, so it goes.
    await db.kysely.deleteFrom('session').where('userId', '=', user.id).execute()
    created.push(account.userName)
  }
  return created
}
