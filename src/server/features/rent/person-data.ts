import { penceText } from '#shared/domain/money'
import { depositMessages } from '#shared/messages/deposits'
import { erasureMessages } from '#shared/messages/erasure'
import { scrubText } from '#server/core/db/scrub'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { Erasure, PeopleMerge, PersonKeys } from '#server/core/hooks'
import { deleteGrants, grantsOf, moveGrants } from '#server/features/rent/concessions-sql'
import {
  depositsOf,
  eraseDeposits,
  heldFor,
  moveDeposits,
} from '#server/features/rent/deposits-sql'
import { ledgerEntries } from '#server/features/rent/ledger-sql'
import { moveNotices, noticesOfPerson } from '#server/features/rent/rate-raises-sql'
import { findInvoices, linesOfInvoices, movePayer } from '#server/features/rent/sql'
import { EVERY_SITE } from '#server/core/site-scope'
import {
  forgetPayerRules,
  movePayerRules,
  payerRulesOf,
} from '#server/features/rent/statement-payers-sql'

/**
 * The invoices made out to the person, each with its lines, the ledger's entries on them, and the
 * words of bank statements known to be their payments.
 */
export async function rentDataOf(tx: ReadTx, { id }: PersonKeys) {
  const invoices = await findInvoices(tx, { scope: EVERY_SITE, payerId: id })
  const ids = invoices.map((invoice) => invoice.id)
  const lines = ids.length ? await linesOfInvoices(tx, ids) : []
  return {
    invoices: invoices.map((invoice) => ({
      ...invoice,
      lines: lines.filter((line) => line.invoiceId === invoice.id),
    })),
    ledger: await ledgerEntries(tx, ids),
    statementPayerTexts: await payerRulesOf(tx, id),
    concessions: await grantsOf(tx, id),
    deposits: await depositsOf(tx, id),
    rateNotices: await noticesOfPerson(tx, id),
  }
}

/**
 * Money the person still owes stands in the way of erasing them: the accounts need them; so does
 * a deposit still held for them, owed back to someone the erasure would leave nameless.
 */
export async function owedBlocksErasure(tx: ReadTx, personId: string): Promise<string[]> {
  const owed = (await findInvoices(tx, { scope: EVERY_SITE, payerId: personId })).reduce(
    (sum, invoice) => sum + (invoice.cancelled ? 0 : invoice.outstanding),
    0,
  )
  const held = await heldFor(tx, personId)
  return [
    ...(owed > 0 ? [erasureMessages.owesMoney(penceText(owed))] : []),
    ...(held > 0 ? [depositMessages.heldBlocksErasure(penceText(held))] : []),
  ]
}

/**
 * Their invoices stay, with every amount, date and number (accounting records, kept six years),
 * made out to the marker: the name and address on them go, and any detail in a line or a
 * ledger entry's reference.
 */
export async function eraseRentData(tx: WriteTx, erasure: Erasure) {
  const ids = await movePayer(tx, erasure.id, erasure.newId, erasure.marker)
  const where = { column: 'invoiceId' as const, in: ids }
  await scrubText(tx, 'invoice_lines', ['description'], erasure.details, erasure.marker, where)
  await scrubText(tx, 'ledger', ['reference'], erasure.details, erasure.marker, where)
  // The words by which their payments were known on a bank statement are their name.
  await forgetPayerRules(tx, erasure.id)
  // Their concessions go, with the evidence seen: the invoices keep what they took off.
  await deleteGrants(tx, erasure.id)
  // Their deposits stay, every amount and date, as their invoices do; their details go.
  await eraseDeposits(tx, erasure)
  // Their notices of a rent rise stay, with the amounts, as their invoices do (decision 62).
  await moveNotices(tx, erasure.id, erasure.newId)
}

/**
 * A merge (issue 46): the merged record's invoices, with the ledger's entries on them (its
 * payments, its credit), are the kept record's to pay, made out as they were written; so are the
 * words its payments were known by on a bank statement, its concessions, its deposits and its
 * notices of a rent rise.
 */
export async function mergeRentData(tx: WriteTx, { kept, merged }: PeopleMerge) {
  const invoices = await movePayer(tx, merged.id, kept.id)
  await movePayerRules(tx, merged.id, kept.id)
  const concessions = await moveGrants(tx, merged.id, kept.id)
  const deposits = await moveDeposits(tx, merged.id, kept.id)
  const rateNotices = await moveNotices(tx, merged.id, kept.id)
  return { invoices, concessions, deposits, rateNotices }
}
