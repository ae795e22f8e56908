import type { Insertable, Selectable } from 'kysely'
import type { OffersTable } from '#server/core/db/schema'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// Letting's own tables: offers here; applications in applications-sql.ts, the yearly question's
// rounds and answers in still-want-sql.ts. People and plots are read and changed through their
// features' sql functions.

export type OfferRow = Selectable<OffersTable>

/** An offer's row with its tokens' hashes, as its actions read it. */
export const offerRow = (tx: ReadTx, id: number): Promise<OfferRow | undefined> =>
  tx.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst()

/** The offer whose accept or decline link has this hash: one column matches, at most one offer. */
export function offerWithTokenHash(tx: ReadTx, hash: string): Promise<OfferRow | undefined> {
  return tx
    .selectFrom('offers')
    .selectAll()
    .where((eb) => eb.or([eb('acceptTokenHash', '=', hash), eb('declineTokenHash', '=', hash)]))
    .executeTakeFirst()
}

/** Stores a new offer; its id. */
export async function insertOffer(tx: WriteTx, offer: Insertable<OffersTable>): Promise<number> {
  const { id } = await tx
    .insertInto('offers')
    .values(offer)
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

// What an offer answers with: every column but its links' hashes.
const shownColumns = [
  'id',
  'plotId',
  'personId',
  'channel',
  'deadline',
  'status',
  'reason',
  'createdBy',
  'createdAt',
  'answeredAt',
] as const

export type ShownOffer = Pick<OfferRow, (typeof shownColumns)[number]>

export function shownOffer(tx: ReadTx, id: number): Promise<ShownOffer | undefined> {
  return tx.selectFrom('offers').select(shownColumns).where('id', '=', id).executeTakeFirst()
}

/** Every offer of a plot, oldest first (the plot's history). */
export function offersOfPlot(tx: ReadTx, plotId: string): Promise<ShownOffer[]> {
  return tx
    .selectFrom('offers')
    .select(shownColumns)
    .where('plotId', '=', plotId)
    .orderBy('id')
    .execute()
}

/** Open offers (of the plots named, by default every plot), soonest deadline first. */
export function openOffers(tx: ReadTx, plotIds: readonly string[] | null = null) {
  let query = tx.selectFrom('offers').select(shownColumns).where('status', '=', 'open')
  if (plotIds) query = query.where('plotId', 'in', [...plotIds, ''])
  return query.orderBy('deadline').orderBy('id').execute()
}

/** The person's open offers, soonest deadline first. */
export function offersOpenTo(tx: ReadTx, personId: string): Promise<ShownOffer[]> {
  return tx
    .selectFrom('offers')
    .select(shownColumns)
    .where('personId', '=', personId)
    .where('status', '=', 'open')
    .orderBy('deadline')
    .execute()
}

/** The latest closed offers (of the plots named, by default every plot), newest first. */
export function latestClosedOffers(
  tx: ReadTx,
  limit: number,
  plotIds: readonly string[] | null = null,
) {
  let query = tx.selectFrom('offers').select(shownColumns).where('status', '!=', 'open')
  if (plotIds) query = query.where('plotId', 'in', [...plotIds, ''])
  return query.orderBy('id', 'desc').limit(limit).execute()
}

/** Who is considering an open offer now. */
export async function peopleWithOpenOffers(tx: ReadTx): Promise<Set<string>> {
  const rows = await tx
    .selectFrom('offers')
    .select('personId')
    .where('status', '=', 'open')
    .execute()
  return new Set(rows.map((row) => row.personId))
}

/** The plots offered now, open offers only. */
export async function plotsWithOpenOffers(tx: ReadTx): Promise<Set<string>> {
  const rows = await tx.selectFrom('offers').select('plotId').where('status', '=', 'open').execute()
  return new Set(rows.map((row) => row.plotId))
}

export async function plotHasOpenOffer(tx: ReadTx, plotId: string): Promise<boolean> {
  const row = await tx
    .selectFrom('offers')
    .select('id')
    .where('plotId', '=', plotId)
    .where('status', '=', 'open')
    .executeTakeFirst()
  return row !== undefined
}

/**
 * Closes open offers, one by id or all of a person's (they accepted a plot, or were removed):
 * both links' hashes go, so no link of theirs works any more.
 */
export async function closeOffers(
  tx: WriteTx,
  which: { id: number } | { personId: string },
  status: OffersTable['status'],
  answeredAt: Date,
): Promise<void> {
  await tx
    .updateTable('offers')
    .set({
      status,
      answeredAt: answeredAt.toISOString(),
      acceptTokenHash: null,
      declineTokenHash: null,
    })
    .where('status', '=', 'open')
    .where((eb) => ('id' in which ? eb('id', '=', which.id) : eb('personId', '=', which.personId)))
    .execute()
}

/** The offers accepted (on or after `since`, YYYY-MM-DD, if given): who took which plot, and when. */
export function acceptedOffers(tx: ReadTx, since?: string) {
  let query = tx
    .selectFrom('offers')
    .select(['personId', 'plotId', 'answeredAt'])
    .where('status', '=', 'accepted')
  if (since) query = query.where('answeredAt', '>=', since)
  return query.execute()
}

/** Open offers whose last day falls between two days (inclusive): the committee's calendar. */
export function openOffersEndingBetween(tx: ReadTx, from: string, to: string) {
  return tx
    .selectFrom('offers')
    .select(['id', 'plotId', 'deadline'])
    .where('status', '=', 'open')
    .where('deadline', '>=', from)
    .where('deadline', '<=', to)
    .orderBy('deadline')
    .execute()
}
