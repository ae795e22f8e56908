import { RENT_CATEGORY } from '#shared/domain/bank-lines'
import { rentMessages } from '#shared/messages/rent'
import type { StatementTie } from '#shared/schemas/rent'
import { conflict, notFound } from '#server/core/errors'
import { loggedChange, recordKey } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import type { Ledger } from '#server/features/rent/ledger'
import { recordedStatementLines } from '#server/features/rent/ledger-sql'
import { entryForTie, insertTie } from '#server/features/rent/statement-payers-sql'
import { categoriseMatched } from '#server/features/rent/bank-lines-sql'

// A statement line tied to the payment recorded by hand that it is (issue 43): the line is then
// done, shown recorded and passed over if confirmed, and the payment is tied to no other line.

/** Ties a statement line to the payment recorded by hand that it is. */
export function tieLine(ledger: Ledger, viewer: Viewer, tie: StatementTie) {
  return loggedChange(
    ledger.db,
    {
      methodName: 'tieStatementLine',
      eventCollection: 'statementLines',
      docId: tie.lineId,
      userName: viewer.userName,
      alsoLocks: [recordKey('ledger', String(tie.entryId))],
    },
    async (tx) => {
      const entry = await entryForTie(tx, tie.entryId)
      if (!entry || entry.kind !== 'payment') throw notFound(rentMessages.paymentMissing)
      if (entry.statementLine !== null || entry.lineId !== null)
        throw conflict(rentMessages.paymentTiedAlready)
      if ((await recordedStatementLines(tx, [tie.lineId])).has(tie.lineId))
        throw conflict(rentMessages.lineRecordedAlready)
      await insertTie(tx, {
        ...tie,
        createdBy: viewer.userName,
        createdAt: ledger.clock.now().toISOString(),
      })
      await categoriseMatched(tx, [tie.lineId], RENT_CATEGORY)
      return tie
    },
    tie,
  )
}
