import { keyMessages } from '#shared/messages/keys'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { Erasure, PeopleMerge, PersonKeys } from '#server/core/hooks'
import { eraseHoldings, holdingsOf, moveHoldings } from '#server/features/keys/sql'

// A person's keys in their data, their merge and their erasure (decision 64), as their deposits
// are (decision 58).

/** Every key they hold or have held, with the days and the deposit taken with it. */
export async function keyDataOf(tx: ReadTx, { id }: PersonKeys) {
  return { keys: await holdingsOf(tx, id) }
}

/** A key they still hold stands in the way of erasing them: it is to come back from someone. */
export async function heldKeysBlockErasure(tx: ReadTx, personId: string): Promise<string[]> {
  const holdings = await holdingsOf(tx, personId)
  return holdings
    .filter((holding) => holding.endedOn === null)
    .map((holding) => keyMessages.heldBlocksErasure(holding.number))
}

/** Their holdings stay, every key and day, made out to the marker; their details go. */
export const eraseKeyData = (tx: WriteTx, erasure: Erasure) => eraseHoldings(tx, erasure)

/** A merge (issue 46): the merged record's keys are the kept record's. */
export async function mergeKeyData(tx: WriteTx, { kept, merged }: PeopleMerge) {
  return { keys: await moveHoldings(tx, merged.id, kept.id) }
}
