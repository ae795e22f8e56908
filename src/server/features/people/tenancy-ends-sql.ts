import type { TenancyEndReason } from '#shared/domain/tenancy-end'
import type { EndedTenancy, FormerTenant } from '#shared/schemas/leaving'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { SiteScope } from '#server/core/site-scope'
import { peopleInScope } from '#server/features/people/sql'

// Tenancies that ended (issue 44): a row each, with the day the tenancy began, the day it ended
// and why. The people feature's, beside the tenancy table: plots writes them as a tenancy ends,
// the plot's history and the person's page read them, retention dates a former tenant by them,
// and an erasure moves them to the record's new id.

const ENDED = ['plotId', 'personId', 'beganOn', 'endedOn', 'reason'] as const

/**
 * The day the person's tenancy of the plot began: its own, or, where none was recorded (before
 * issue 44, or imported), the day they became a plot holder.
 */
export async function tenancyBegan(
  tx: ReadTx,
  plotId: string,
  person: { id: string; dateJoined: string },
): Promise<string> {
  const row = await tx
    .selectFrom('tenancy')
    .select('beganOn')
    .where('plotId', '=', plotId)
    .where('personId', '=', person.id)
    .executeTakeFirst()
  return row?.beganOn || person.dateJoined
}

export async function recordTenancyEnd(
  tx: WriteTx,
  ended: EndedTenancy & { recordedAt: string },
): Promise<void> {
  await tx.insertInto('tenancy_ends').values(ended).execute()
}

/** The person's tenancies that ended, the latest first. */
export function tenancyEndsOf(tx: ReadTx, personId: string): Promise<EndedTenancy[]> {
  return tx
    .selectFrom('tenancy_ends')
    .select(ENDED)
    .where('personId', '=', personId)
    .orderBy('endedOn', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** The plot's tenancies that ended, with the names of those who held them (as they are now). */
export function tenancyEndsOfPlot(tx: ReadTx, plotId: string) {
  return tx
    .selectFrom('tenancy_ends')
    .leftJoin('people', 'people.id', 'tenancy_ends.personId')
    .select([
      'tenancy_ends.personId',
      'tenancy_ends.beganOn',
      'tenancy_ends.endedOn',
      'tenancy_ends.reason',
      'people.firstName',
      'people.lastName',
    ])
    .where('tenancy_ends.plotId', '=', plotId)
    .orderBy('tenancy_ends.id')
    .execute()
}

/** The day each person's latest tenancy ended, by nickname. */
export async function lastTenancyEnds(tx: ReadTx): Promise<Map<string, string>> {
  const rows = await tx
    .selectFrom('tenancy_ends')
    .select((eb) => ['personId', eb.fn.max('endedOn').as('endedOn')])
    .groupBy('personId')
    .execute()
  return new Map(rows.map((row) => [row.personId, row.endedOn]))
}

/**
 * Former tenants: whose tenancy ended and who now hold no plot and are not on the waiting list,
 * their details not yet erased, each with their latest tenancy to end; by the day it ended, the
 * latest first.
 */
export async function formerTenants(tx: ReadTx, scope: SiteScope): Promise<FormerTenant[]> {
  let query = tx
    .selectFrom('tenancy_ends')
    .innerJoin('people', 'people.id', 'tenancy_ends.personId')
    .select([
      ...ENDED.map((column) => `tenancy_ends.${column}` as const),
      'people.firstName',
      'people.lastName',
    ])
    .where('people.onWaitingList', '=', 0)
    .where('people.erasedOn', 'is', null)
    .where('people.id', 'not in', (eb) => eb.selectFrom('tenancy').select('personId'))
  // A former tenant holds no plot and waits on no list: on no site, so beyond a limited scope.
  if (scope.sites) query = query.where('people.id', 'in', peopleInScope(tx, scope.sites))
  const rows = await query
    .orderBy('tenancy_ends.endedOn', 'desc')
    .orderBy('tenancy_ends.id', 'desc')
    .execute()
  const latest = new Map<string, FormerTenant>()
  for (const row of rows) if (!latest.has(row.personId)) latest.set(row.personId, row)
  return [...latest.values()]
}

/** Whether the person's tenancy ended with their death: nothing is sent to them then. */
export async function hasDied(tx: ReadTx, personId: string): Promise<boolean> {
  const died: TenancyEndReason = 'died'
  const row = await tx
    .selectFrom('tenancy_ends')
    .select('id')
    .where('personId', '=', personId)
    .where('reason', '=', died)
    .executeTakeFirst()
  return row !== undefined
}

/** An erasure: the rows follow the record to its new id (they hold no detail of the person). */
export async function moveTenancyEnds(tx: WriteTx, from: string, to: string): Promise<void> {
  await tx.updateTable('tenancy_ends').set({ personId: to }).where('personId', '=', from).execute()
}
