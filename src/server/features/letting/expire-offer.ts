import { z } from 'zod'
import { offerExpiresOn } from '#shared/domain/letting'
import { deadlineAt, doubling, type JobKind } from '#server/core/jobs/runner'
import { AlreadyDone, loggedChange, recordKey, SYSTEM } from '#server/core/logged-change'
import type { Letting } from '#server/features/letting/context'
import { declineOffer } from '#server/features/letting/decline-offer'
import { offerRow } from '#server/features/letting/sql'

/** The deadline's job, stored with the offer (offer-plot.ts). */
export function offerExpiryJob(letting: Letting): JobKind<{ offerId: number }> {
  return {
    kind: 'offer-expiry',
    payload: z.object({ offerId: z.number().int() }),
    maxAttempts: 10,
    backOffMs: doubling(60_000, 3_600_000),
    run: ({ offerId }) => expireOffer(letting, offerId),
  }
}

/** An offer still open the day after its deadline lapses, as a decline does. */
async function expireOffer(letting: Letting, offerId: number) {
  const { db, clock, jobs } = letting
  const offer = await offerRow(db.kysely, offerId)
  if (!offer || offer.status !== 'open') return
  await loggedChange(
    db,
    {
      methodName: 'expireOffer',
      eventCollection: 'plots',
      docId: offer.plotId,
      userName: SYSTEM,
      alsoLocks: [recordKey('people', offer.personId)],
    },
    async (tx) => {
      const current = (await offerRow(tx, offerId))!
      if (current.status !== 'open') return new AlreadyDone(undefined)
      const expiresOn = offerExpiresOn(current.deadline)
      // The calendar was moved back (TODAY): wait for the day.
      if (clock.today() < expiresOn) {
        await jobs.enqueue(tx, offerExpiryJob(letting), { offerId }, deadlineAt(expiresOn))
        return new AlreadyDone(undefined)
      }
      await declineOffer(letting, tx, current, 'expired', SYSTEM)
      return { offerId, personId: current.personId }
    },
  )
}
