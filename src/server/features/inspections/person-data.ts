import { scrubText } from '#server/core/db/scrub'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { Erasure, PersonKeys } from '#server/core/hooks'
import {
  moveNoticeTenant,
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
 * an inspector's notes that named the person name the marker.
 */
export async function eraseInspectionData(tx: WriteTx, erasure: Erasure) {
  await moveNoticeTenant(tx, erasure.id, erasure.newId)
  await scrubText(tx, 'inspections', ['notes'], erasure.details, erasure.marker)
}
