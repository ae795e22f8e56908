import type { Inspection, NewRound, Round, RoundSummary } from '#shared/schemas/inspections'
import { readFile } from '#server/core/db/files'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { SiteScope } from '#server/core/site-scope'

// The rounds, each plot's records and their photos. A photo's bytes are the core's files. A round
// walks one site's plots; its records, photos and notices are that site's (decision 50).

export const photoUrl = (id: string) => `/api/inspection-photos/${id}`

/** The scope's rounds, newest first, with how many plots each has seen. */
export async function listRounds(tx: ReadTx, scope: SiteScope): Promise<RoundSummary[]> {
  let query = tx
    .selectFrom('inspection_rounds as r')
    .leftJoin('inspections as i', 'i.roundId', 'r.id')
    .select(['r.id', 'r.date', 'r.walkers', 'r.startedBy', 'r.startedAt', 'r.siteId'])
    .select((eb) => eb.fn.count<number>('i.plotId').distinct().as('seen'))
    .groupBy(['r.id', 'r.date', 'r.walkers', 'r.startedBy', 'r.startedAt', 'r.siteId'])
    .orderBy('r.date', 'desc')
    .orderBy('r.id', 'desc')
  if (scope.sites) query = query.where('r.siteId', 'in', scope.sites)
  const rows = await query.execute()
  return rows.map((row) => ({ ...row, seen: Number(row.seen) }))
}

export function findRound(tx: ReadTx, id: number): Promise<Round | undefined> {
  return tx.selectFrom('inspection_rounds').selectAll().where('id', '=', id).executeTakeFirst()
}

export function insertRound(
  tx: WriteTx,
  round: Omit<NewRound, 'siteId'> & { siteId: number; startedBy: string; startedAt: string },
): Promise<Round> {
  return tx.insertInto('inspection_rounds').values(round).returningAll().executeTakeFirstOrThrow()
}

type InspectionRow = Omit<Inspection, 'photos'>

/** A record with its photos. */
export async function findInspection(tx: ReadTx, id: string): Promise<Inspection | undefined> {
  const row = await tx.selectFrom('inspections').selectAll().where('id', '=', id).executeTakeFirst()
  return row && (await withPhotos(tx, [row]))[0]
}

/** The records of a round, with their photos in the order taken. */
export async function roundInspections(tx: ReadTx, roundId: number): Promise<Inspection[]> {
  const rows = await tx
    .selectFrom('inspections')
    .selectAll()
    .where('roundId', '=', roundId)
    .orderBy('recordedAt')
    .orderBy('receivedAt')
    .execute()
  return withPhotos(tx, rows)
}

/** Every record of a plot, with photos, oldest first (the plot's history). */
export async function plotInspections(tx: ReadTx, plotId: string): Promise<Inspection[]> {
  const rows = await tx
    .selectFrom('inspections')
    .selectAll()
    .where('plotId', '=', plotId)
    .orderBy('recordedAt')
    .execute()
  return withPhotos(tx, rows)
}

async function withPhotos(tx: ReadTx, rows: readonly InspectionRow[]): Promise<Inspection[]> {
  if (rows.length === 0) return []
  const photos = await tx
    .selectFrom('inspection_photos')
    .select(['id', 'inspectionId', 'width', 'height'])
    .where(
      'inspectionId',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('inspectionId')
    .orderBy('position')
    .execute()
  const byRecord = new Map<string, typeof photos>()
  for (const photo of photos) {
    byRecord.set(photo.inspectionId, [...(byRecord.get(photo.inspectionId) ?? []), photo])
  }
  return rows.map((row) => ({
    ...row,
    photos: (byRecord.get(row.id) ?? []).map(({ id, width, height }) => ({
      id,
      url: photoUrl(id),
      width,
      height,
    })),
  }))
}

export async function insertInspection(
  tx: WriteTx,
  record: InspectionRow,
  photos: readonly { id: string; fileId: number; width: number; height: number }[],
): Promise<Inspection> {
  await tx.insertInto('inspections').values(record).execute()
  if (photos.length > 0)
    await tx
      .insertInto('inspection_photos')
      .values(photos.map((photo, position) => ({ ...photo, inspectionId: record.id, position })))
      .execute()
  return (await withPhotos(tx, [record]))[0]!
}

/** Whether a photo is kept under any of these ids (the phone makes them; another record may). */
export async function anyPhotoKept(tx: ReadTx, ids: readonly string[]): Promise<boolean> {
  if (ids.length === 0) return false
  const row = await tx
    .selectFrom('inspection_photos')
    .select('id')
    .where('id', 'in', ids)
    .executeTakeFirst()
  return row !== undefined
}

/** The site of the round a photo was taken on, if the photo is kept. */
export async function photoSite(tx: ReadTx, id: string): Promise<number | undefined> {
  const row = await tx
    .selectFrom('inspection_photos as p')
    .innerJoin('inspections as i', 'i.id', 'p.inspectionId')
    .innerJoin('inspection_rounds as r', 'r.id', 'i.roundId')
    .select('r.siteId')
    .where('p.id', '=', id)
    .executeTakeFirst()
  return row?.siteId
}

/** A photo's bytes and type, from the core's files. */
export async function photoFile(tx: ReadTx, id: string) {
  const row = await tx
    .selectFrom('inspection_photos')
    .select('fileId')
    .where('id', '=', id)
    .executeTakeFirst()
  return row && readFile(tx, row.fileId)
}

/** The rounds of the scope's sites walked between two days (inclusive): the committee's calendar. */
export function roundsBetween(tx: ReadTx, scope: SiteScope, from: string, to: string) {
  let query = tx
    .selectFrom('inspection_rounds')
    .select(['id', 'date', 'siteId'])
    .where('date', '>=', from)
    .where('date', '<=', to)
  if (scope.sites) query = query.where('siteId', 'in', scope.sites)
  return query.orderBy('date').execute()
}
