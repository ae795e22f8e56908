import { scrubTextOfRows } from '#server/core/db/scrub'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { copiesCarrying } from '#server/core/email/batches'
import type { Erasure, ErasureLeftovers, PeopleMerge, PersonKeys } from '#server/core/hooks'
import { noticeAttachment } from '#server/features/inspections/context'
import {
  moveNoticeTenant,
  noticesAfter,
  noticesTo,
  noticeTenants,
} from '#server/features/inspections/notices-sql'

/** The notices of inspections sent to the person (their data, in one download). */
export async function inspectionDataOf(tx: ReadTx, { id }: PersonKeys) {
  const notices = await noticesTo(tx, id)
  return {
    inspectionNotices: notices.map((notice) => ({ ...notice, tenants: noticeTenants(notice) })),
  }
}

/**
 * The notices stay (a plot's history, and the chain a tenancy ended by), sent to the marker's id;
 * an inspector's notes that named the person name the marker, and so do the findings attached to
 * the notices' e-mails that quoted them, written again in the outbox.
 */
export async function eraseInspectionData(
  tx: WriteTx,
  erasure: Erasure,
): Promise<ErasureLeftovers> {
  await moveNoticeTenant(tx, erasure.id, erasure.newId)
  const noted = await scrubTextOfRows(tx, 'inspections', ['notes'], erasure.details, erasure.marker)
  const notices = await noticesAfter(tx, noted)
  return { outboxCopies: await copiesCarrying(tx, notices.map(noticeAttachment)) }
}

/** A merge (issue 46): the notices sent to the merged record were sent to the kept one. */
export async function mergeInspectionData(tx: WriteTx, { kept, merged }: PeopleMerge) {
  await moveNoticeTenant(tx, merged.id, kept.id)
}
