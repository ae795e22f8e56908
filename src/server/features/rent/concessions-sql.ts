import { termsText, type ConcessionTerms } from '#shared/domain/concessions'
import { fullName } from '#shared/domain/message-copies'
import type { ConcessionGrant, ConcessionKind } from '#shared/schemas/concessions'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { SiteScope } from '#server/core/site-scope'
import { namesOf, peopleInScope } from '#server/features/people/sql'
import { namesOfPlots } from '#server/features/plots/sql'

// The concession kinds and the grants of them to people (migration 050, decision 57).

export async function listKinds(tx: ReadTx): Promise<ConcessionKind[]> {
  return tx.selectFrom('concession_kinds').selectAll().orderBy('id').execute()
}

export async function findKind(tx: ReadTx, id: number): Promise<ConcessionKind | undefined> {
  return tx.selectFrom('concession_kinds').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function insertKind(tx: WriteTx, kind: Omit<ConcessionKind, 'id' | 'version'>) {
  const { id } = await tx
    .insertInto('concession_kinds')
    .values({ ...kind, version: 1 })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { ...kind, id, version: 1 }
}

function grantsWithKinds(tx: ReadTx) {
  return tx
    .selectFrom('concession_grants')
    .innerJoin('concession_kinds', 'concession_kinds.id', 'concession_grants.kindId')
    .selectAll('concession_grants')
    .select([
      'concession_kinds.name as kindName',
      'concession_kinds.percent',
      'concession_kinds.fixedPence',
      'concession_kinds.appliesTo',
    ])
}

type GrantRow = Awaited<ReturnType<ReturnType<typeof grantsWithKinds>['execute']>>[number]

// Grants read as the screens show them: their terms in words, and a plot's name for a grant to one.
async function toGrants(tx: ReadTx, rows: readonly GrantRow[]): Promise<ConcessionGrant[]> {
  const plotIds = rows.flatMap((row) => (row.plotId === null ? [] : [row.plotId]))
  const plotNames = plotIds.length > 0 ? await namesOfPlots(tx, plotIds) : new Map()
  return rows.map(({ percent, fixedPence, appliesTo, ...grant }) => ({
    ...grant,
    terms: termsText({ percent, fixedPence, appliesTo }),
    plotName: grant.plotId === null ? null : (plotNames.get(grant.plotId) ?? grant.plotId),
  }))
}

/** A person's grants, the latest first. */
export async function grantsOf(tx: ReadTx, personId: string): Promise<ConcessionGrant[]> {
  const rows = await grantsWithKinds(tx)
    .where('personId', '=', personId)
    .orderBy('startsOn', 'desc')
    .orderBy('concession_grants.id', 'desc')
    .execute()
  return toGrants(tx, rows)
}

export async function findGrant(tx: ReadTx, id: number): Promise<ConcessionGrant | undefined> {
  const row = await grantsWithKinds(tx).where('concession_grants.id', '=', id).executeTakeFirst()
  return row && (await toGrants(tx, [row]))[0]
}

export async function insertGrant(
  tx: WriteTx,
  grant: Omit<ConcessionGrant, 'id' | 'version' | 'kindName' | 'terms' | 'plotName'>,
): Promise<number> {
  const { id } = await tx
    .insertInto('concession_grants')
    .values({ ...grant, version: 1 })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** A grant's terms, and the plot it is for (null: all the person's plots). */
export type GrantTerms = ConcessionTerms & { plotId: string | null }

/**
 * The terms of the grants in force on `day` of each of `payers` (every payer's when not given),
 * by person: what an invoice made that day takes off (`grantsForPlot` picks a plot's).
 */
export async function termsInForce(
  tx: ReadTx,
  day: string,
  payers?: readonly string[],
): Promise<Map<string, GrantTerms[]>> {
  if (payers?.length === 0) return new Map()
  let query = grantsWithKinds(tx)
    .where('startsOn', '<=', day)
    .where((eb) => eb.or([eb('endsOn', 'is', null), eb('endsOn', '>=', day)]))
  if (payers) query = query.where('personId', 'in', payers)
  const byPerson = new Map<string, GrantTerms[]>()
  for (const row of await query.execute()) {
    const terms = byPerson.get(row.personId) ?? []
    terms.push({
      name: row.kindName,
      percent: row.percent,
      fixedPence: row.fixedPence,
      appliesTo: row.appliesTo,
      plotId: row.plotId,
    })
    byPerson.set(row.personId, terms)
  }
  return byPerson
}

/**
 * The grants of the people in scope that end from `from` to the day before `before`, with the
 * holder's name, by the day they end.
 */
export async function grantsEnding(tx: ReadTx, scope: SiteScope, from: string, before: string) {
  let query = grantsWithKinds(tx).where('endsOn', '>=', from).where('endsOn', '<', before)
  if (scope.sites) query = query.where('personId', 'in', peopleInScope(tx, scope.sites))
  const rows = await query.orderBy('endsOn').orderBy('concession_grants.id').execute()
  const names = await namesOf(
    tx,
    rows.map((row) => row.personId),
  )
  return (await toGrants(tx, rows)).map((grant) => ({
    ...grant,
    personName: fullName(
      names.get(grant.personId) ?? { id: grant.personId, firstName: '', lastName: '' },
    ),
  }))
}

/** A person's grants are the kept record's after a merge. */
export async function moveGrants(tx: WriteTx, from: string, to: string): Promise<number> {
  const result = await tx
    .updateTable('concession_grants')
    .set({ personId: to })
    .where('personId', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** An erased person's grants go: the evidence seen is about them, and no invoice reads them. */
export async function deleteGrants(tx: WriteTx, personId: string): Promise<void> {
  await tx.deleteFrom('concession_grants').where('personId', '=', personId).execute()
}
