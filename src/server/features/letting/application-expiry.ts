import { z } from 'zod'
import { lockRecords, type WriteTx } from '#server/core/db/write-transaction'
import { forgetCopies } from '#server/core/email/copies'
import { doubling, type JobKind } from '#server/core/jobs/runner'
import { loggedWrite, SYSTEM } from '#server/core/logged-change'
import {
  applicationById,
  deleteExpiredApplication,
} from '#server/features/letting/applications-sql'
import type { Letting } from '#server/features/letting/context'

/** The batch the confirmation e-mails gather in (applications.ts), and are deleted from unused. */
export const CONFIRM_BATCH = 'applications-confirm'

/** Deletes an application nobody confirmed once its link has expired, when its job comes. */
export function applicationExpiryJob(letting: Letting): JobKind<{ applicationId: number }> {
  return {
    // Migration 016 stores this kind's jobs for the applications kept before it: keep the two alike.
    kind: 'application-expiry',
    payload: z.object({ applicationId: z.number().int() }),
    maxAttempts: 10,
    backOffMs: doubling(60_000, 3_600_000),
    run: ({ applicationId }) => forgetUnconfirmed(letting, applicationId),
  }
}

/**
 * The copies of an application's confirmation e-mails, which go with it: they hold the name, and
 * are listed under a nickname a later person may take. Those of the address's other applications
 * stay.
 */
export const forgetConfirmations = (
  tx: WriteTx,
  application: { email: string; nickname: string },
) =>
  forgetCopies(tx, CONFIRM_BATCH, { recipient: application.email, personId: application.nickname })

// The application goes with its personal data: the row, and its confirmation e-mails. One
// confirmed meanwhile stays, as does one applied for again (whose own job comes later).
async function forgetUnconfirmed({ db, clock }: Letting, applicationId: number): Promise<void> {
  // Confirming takes this lock too: a link followed at its last moment wins, or finds nothing.
  await loggedWrite(db, ['applications:confirm'], async (tx, log) => {
    const application = await applicationById(tx, applicationId)
    if (!application) return
    // As applying does, so that an application made again at this moment is not lost.
    await lockRecords(db, tx, [`applications:${application.email}`])
    if (!(await deleteExpiredApplication(tx, applicationId, clock.now()))) return
    await forgetConfirmations(tx, application)
    log(
      {
        methodName: 'deleteUnconfirmedApplication',
        eventCollection: 'applications',
        docId: application.reference,
        userName: SYSTEM,
      },
      { reference: application.reference },
    )
  })
}
