import type { LogQuery } from '#shared/schemas/logs'
import { sql } from 'kysely'
import type { Ageing } from '#server/core/db/age-out'
import type { TextColumns } from '#server/core/db/rewrite-texts'
import { likeEscaped, scrubText, type TextScrub } from '#server/core/db/scrub'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { Erasure } from '#server/core/hooks'
import type { SiteScope } from '#server/core/site-scope'

// The activity log, read (the core writes it, with every change).

/**
 * The entries naming any of the sites (decision 50). `siteIds` holds ids joined by commas, no
 * spaces ("2,12"); wrapped in commas, site 2 is the text ",2," in ",2,12,", which ",12," never
 * matches: one cheap test on the row, walked in the order the page is read (no index on it).
 */
function namingSites(sites: readonly number[]) {
  const wrapped = sql`(',' || ${sql.ref('siteIds')} || ',')`
  return sql<boolean>`(${sql.join(
    sites.map((id) => sql`${wrapped} like ${`%,${id},%`}`),
    sql` or `,
  )})`
}

/** The entries of the scope: all of them, or those naming its sites. */
function entriesOf(tx: ReadTx, scope: SiteScope) {
  const query = tx.selectFrom('logs')
  return scope.sites ? query.where(namingSites(scope.sites)) : query
}

/** One page in the order asked for; the id breaks ties, so that pages never overlap or skip. */
export function logPage(tx: ReadTx, scope: SiteScope, query: LogQuery, order: 'asc' | 'desc') {
  return entriesOf(tx, scope)
    .selectAll()
    .orderBy(query.sort, order)
    .orderBy('id', order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute()
}

export async function countLogs(tx: ReadTx, scope: SiteScope): Promise<number> {
  const row = await entriesOf(tx, scope)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

export function logEntry(tx: ReadTx, id: number) {
  return tx.selectFrom('logs').selectAll().where('id', '=', id).executeTakeFirst()
}

export interface EntriesAbout {
  eventCollection: string
  /** The record's id, or its ids (an account is named by its id, and by its user name). */
  docId: string | readonly string[]
  /** Only entries of these kinds (all when absent). */
  methodNames?: readonly string[]
  /** Only changes made, not those refused. */
  madeOnly?: boolean
  /** The latest so many (all when absent). */
  limit?: number
}

/** The log's entries about one record, newest first. */
export function entriesAbout(tx: ReadTx, about: EntriesAbout) {
  let query = tx
    .selectFrom('logs')
    .select(['timeStamp', 'userName', 'methodName', 'value', 'error'])
    .where('eventCollection', '=', about.eventCollection)
    .where('docId', 'in', typeof about.docId === 'string' ? [about.docId] : about.docId)
  if (about.methodNames) query = query.where('methodName', 'in', about.methodNames)
  if (about.madeOnly) query = query.where('error', '=', 'null')
  if (about.limit !== undefined) query = query.limit(about.limit)
  return query.orderBy('id', 'desc').execute()
}

/**
 * The entries about one record come to be about another: an erased person's under the id their
 * record keeps, a merged record's under the record it was merged into (issue 46).
 */
export async function moveEntriesAbout(
  tx: WriteTx,
  eventCollection: string,
  from: string,
  to: string,
): Promise<void> {
  await tx
    .updateTable('logs')
    .set({ docId: to })
    .where('eventCollection', '=', eventCollection)
    .where('docId', '=', from)
    .execute()
}

/**
 * The latest change of this kind whose value names the id under the key given (a merge naming the
 * record merged), made and not refused: its record, time and value.
 */
export async function latestChangeNaming(
  tx: ReadTx,
  change: { eventCollection: string; methodName: string },
  key: string,
  id: string,
) {
  const named = `${JSON.stringify(key)}:${JSON.stringify(id)}`
  const rows = await tx
    .selectFrom('logs')
    .select(['docId', 'timeStamp', 'value'])
    .where('methodName', '=', change.methodName)
    .where('eventCollection', '=', change.eventCollection)
    .where('error', '=', 'null')
    .where(sql<boolean>`value like ${likeEscaped(named)} escape '\\'`)
    .orderBy('id', 'desc')
    .execute()
  // The text may stand deeper in the value (a record quoted in it): the value's own key decides.
  return rows.find((row) => (JSON.parse(row.value) as Record<string, unknown>)[key] === id)
}

/**
 * Tenants added to and taken off a plot by hand: those entries are about the person (the spec's
 * log), so they are found by the plot in their value, the plot and person as saved.
 */
export async function tenancyChangesOf(tx: ReadTx, plotId: string) {
  const rows = await tx
    .selectFrom('logs')
    .select(['timeStamp', 'methodName', 'value'])
    .where('eventCollection', '=', 'people')
    .where('methodName', 'in', ['addPlotToPerson', 'removePlotFromPerson'])
    .where('error', '=', 'null')
    .where(sql<boolean>`value like ${likeEscaped(`"id":${JSON.stringify(plotId)}`)} escape '\\'`)
    .orderBy('id')
    .execute()
  return rows.flatMap((row) => {
    const value = JSON.parse(row.value) as {
      plot?: { id?: string }
      person?: { firstName?: string; lastName?: string; id?: string }
    }
    if (value.plot?.id !== plotId || !value.person) return []
    const { firstName = '', lastName = '', id = '' } = value.person
    return [
      {
        at: row.timeStamp,
        added: row.methodName === 'addPlotToPerson',
        name: `${firstName} ${lastName}`.trim() || id,
      },
    ]
  })
}

/**
 * What an erasure replaces in every entry of the log, whoever it is about: what identifies the
 * person, their id as a value, and the user name their account had. In JSON the id and the user
 * name stand quoted, so that "ann" is not replaced inside "annual".
 */
export function logScrubsOf(erasure: Erasure, formerUserName?: string | null): TextScrub[] {
  const quoted = (text: string) => `"${text}"`
  return [
    { details: erasure.identifying, marker: erasure.marker },
    { details: [quoted(erasure.id)], marker: quoted(erasure.newId) },
    ...(formerUserName
      ? [{ details: [quoted(formerUserName)], marker: quoted(erasure.newId) }]
      : []),
  ]
}

/**
 * A person's erasure, in the log: the entries about their record move to the marker's id with
 * their details replaced, and the entries their account made or is about take the marker's id
 * for its user name. The rest of the log is scrubbed by logScrubsOf: here, with `everywhere`; by
 * the caller otherwise (retention, which reads the log once for many erasures).
 */
export async function eraseFromLog(
  tx: WriteTx,
  erasure: Erasure,
  formerUserName: string | null | undefined,
  everywhere: boolean,
) {
  await moveEntriesAbout(tx, 'people', erasure.id, erasure.newId)
  const about = { column: 'docId' as const, in: [erasure.newId] }
  await scrubText(tx, 'logs', ['value', 'error'], erasure.details, erasure.marker, about)
  const quoted = (text: string) => JSON.stringify(text)
  await scrubText(
    tx,
    'logs',
    ['value'],
    erasure.wholeValues.map(quoted),
    quoted(erasure.marker),
    about,
  )
  if (formerUserName) {
    await tx
      .updateTable('logs')
      .set({ userName: erasure.newId })
      .where('userName', '=', formerUserName)
      .execute()
    // Sign-ins and other security events name the account by its user name.
    await tx
      .updateTable('logs')
      .set({ docId: erasure.newId })
      .where('eventCollection', '=', 'users')
      .where('docId', '=', formerUserName)
      .execute()
  }
  if (!everywhere) return
  for (const { details, marker } of logScrubsOf(erasure, formerUserName))
    await scrubText(tx, 'logs', ['value', 'error'], details, marker)
}

/** The texts of the entries that an erasure rewrites in retention's one reading of the log. */
export const LOG_TEXTS: TextColumns<'logs'> = { table: 'logs', columns: ['value', 'error'] }

/** Entries go when they pass the privacy settings' period, dated by when they were written. */
export const logAgeing: Ageing<'logs'> = { table: 'logs', datedBy: 'timeStamp' }

/**
 * When each record of `collection` was last changed: its newest entry that is a change made,
 * not a refused attempt nor one of the `reads` (a download of a person's data changes nothing).
 */
export async function lastChanges(
  tx: ReadTx,
  collection: string,
  reads: readonly string[],
): Promise<Map<string, string>> {
  const rows = await tx
    .selectFrom('logs')
    .select(['docId', sql<string>`max(${sql.ref('timeStamp')})`.as('last')])
    .where('eventCollection', '=', collection)
    .where('methodName', 'not in', reads)
    .where('error', '=', 'null')
    .groupBy('docId')
    .execute()
  return new Map(rows.map((row) => [row.docId, row.last]))
}
