import { fullName } from '#shared/domain/message-copies'
import type { KeyKind, KeyOutcome } from '#shared/domain/keys'
import type { Key, KeyHolding } from '#shared/schemas/keys'
import { scrubText } from '#server/core/db/scrub'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { Erasure } from '#server/core/hooks'
import type { SiteScope } from '#server/core/site-scope'
import { namesOf } from '#server/features/people/sql'
import { findDeposit } from '#server/features/rent/deposits-sql'

// Keys and their holdings (migration 060, decision 64): the only queries of the keys feature.

type HoldingRow = {
  id: number
  keyId: number
  personId: string
  depositId: number | null
  handedOn: string
  endedOn: string | null
  outcome: string | null
  charge: number | null
  note: string
  number: string
  kind: string
  siteId: number
}

function holdingsQuery(tx: ReadTx) {
  return tx
    .selectFrom('key_holdings')
    .innerJoin('keys', 'keys.id', 'key_holdings.keyId')
    .select([
      'key_holdings.id',
      'key_holdings.keyId',
      'key_holdings.personId',
      'key_holdings.depositId',
      'key_holdings.handedOn',
      'key_holdings.endedOn',
      'key_holdings.outcome',
      'key_holdings.charge',
      'key_holdings.note',
      'keys.number',
      'keys.kind',
      'keys.siteId',
    ])
}

/** The holdings read, each with its holder's name and the deposit taken with it, as it stands. */
async function described(tx: ReadTx, rows: HoldingRow[]): Promise<KeyHolding[]> {
  if (rows.length === 0) return []
  const depositIds = [...new Set(rows.flatMap((row) => (row.depositId ? [row.depositId] : [])))]
  const [names, deposits] = await Promise.all([
    namesOf(
      tx,
      rows.map((row) => row.personId),
    ),
    Promise.all(depositIds.map((id) => findDeposit(tx, id))),
  ])
  const byId = new Map(deposits.flatMap((deposit) => (deposit ? [[deposit.id, deposit]] : [])))
  return rows.map((row) => {
    const deposit = row.depositId ? byId.get(row.depositId) : undefined
    const person = names.get(row.personId)
    return {
      ...row,
      charge: row.charge === null ? null : Number(row.charge),
      kind: row.kind as KeyKind,
      outcome: row.outcome as KeyOutcome | null,
      personName: person ? fullName(person) : row.personId,
      deposit: deposit
        ? {
            id: deposit.id,
            kindName: deposit.kindName,
            plotId: deposit.plotId,
            held: deposit.held,
            version: deposit.version,
          }
        : null,
    }
  })
}

/** The keys of the sites in scope (of one site if given), by site and number, with who holds each. */
export async function listKeys(tx: ReadTx, scope: SiteScope, siteId?: number): Promise<Key[]> {
  let query = tx.selectFrom('keys').selectAll()
  if (scope.sites) query = query.where('siteId', 'in', scope.sites)
  if (siteId !== undefined) query = query.where('siteId', '=', siteId)
  const keys = await query.orderBy('siteId').orderBy('number').orderBy('id').execute()
  if (keys.length === 0) return []
  const held = await described(
    tx,
    await holdingsQuery(tx)
      .where('key_holdings.endedOn', 'is', null)
      .where(
        'key_holdings.keyId',
        'in',
        keys.map((key) => key.id),
      )
      .execute(),
  )
  const holdingOf = new Map(held.map((holding) => [holding.keyId, holding]))
  return keys.map((key) => ({
    ...key,
    kind: key.kind as KeyKind,
    holding: holdingOf.get(key.id) ?? null,
  }))
}

export async function findKey(tx: ReadTx, id: number): Promise<Key | undefined> {
  const key = await tx.selectFrom('keys').selectAll().where('id', '=', id).executeTakeFirst()
  if (!key) return undefined
  const [holding] = await described(
    tx,
    await holdingsQuery(tx)
      .where('key_holdings.keyId', '=', id)
      .where('key_holdings.endedOn', 'is', null)
      .execute(),
  )
  return { ...key, kind: key.kind as KeyKind, holding: holding ?? null }
}

/** Whether a site has a key of this number or label already, in any case. */
export async function keyNumberTaken(tx: ReadTx, siteId: number, number: string) {
  const keys = await tx.selectFrom('keys').select('number').where('siteId', '=', siteId).execute()
  return keys.some((key) => key.number.trim().toLowerCase() === number.trim().toLowerCase())
}

export async function insertKey(
  tx: WriteTx,
  key: { siteId: number; number: string; kind: KeyKind; note: string },
): Promise<number> {
  const { id } = await tx
    .insertInto('keys')
    .values({ ...key, version: 1 })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export async function insertHolding(
  tx: WriteTx,
  holding: {
    keyId: number
    personId: string
    depositId: number | null
    handedOn: string
    createdBy: string
    createdAt: string
  },
): Promise<void> {
  await tx
    .insertInto('key_holdings')
    .values({ ...holding, endedOn: null, outcome: null, charge: null, note: '' })
    .execute()
}

export async function endHolding(
  tx: WriteTx,
  id: number,
  end: { endedOn: string; outcome: KeyOutcome; charge: number | null; note: string },
): Promise<void> {
  await tx.updateTable('key_holdings').set(end).where('id', '=', id).execute()
}

/** A person's holdings, those still held first, then the latest first. */
export async function holdingsOf(tx: ReadTx, personId: string): Promise<KeyHolding[]> {
  const rows = await holdingsQuery(tx)
    .where('key_holdings.personId', '=', personId)
    .orderBy('key_holdings.handedOn', 'desc')
    .orderBy('key_holdings.id', 'desc')
    .execute()
  const holdings = await described(tx, rows)
  return [
    ...holdings.filter((holding) => holding.endedOn === null),
    ...holdings.filter((holding) => holding.endedOn !== null),
  ]
}

/** A person's holdings are the kept record's after a merge. */
export async function moveHoldings(tx: WriteTx, from: string, to: string): Promise<number> {
  const result = await tx
    .updateTable('key_holdings')
    .set({ personId: to })
    .where('personId', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * An erased person's holdings stay, every key and day (who had the gate key when is the site's
 * record), made out to the marker's id; their details go from the notes written.
 */
export async function eraseHoldings(tx: WriteTx, erasure: Erasure): Promise<void> {
  const rows = await tx
    .updateTable('key_holdings')
    .set({ personId: erasure.newId })
    .where('personId', '=', erasure.id)
    .returning('id')
    .execute()
  const where = { column: 'id' as const, in: rows.map((row) => row.id) }
  await scrubText(tx, 'key_holdings', ['note'], erasure.details, erasure.marker, where)
}
