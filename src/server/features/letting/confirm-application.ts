import { lettingMessages } from '#shared/messages/letting'
import { waitingListMessages } from '#shared/messages/waiting-list'
import { blankPerson } from '#shared/domain/people'
import type { Place } from '#shared/schemas/letting'
import { associationDetails } from '#server/core/db/association-settings'
import { lockRecords, type WriteTx } from '#server/core/db/write-transaction'
import { badRequest } from '#server/core/errors'
import { loggedWrite, PUBLIC } from '#server/core/logged-change'
import { insertPerson, nicknameTaken } from '#server/features/people/sql'
import { recordJoining } from '#server/features/people/waiting-list-sql'
import { listSites } from '#server/features/sites/sql'
import { readSiteLimit } from '#shared/domain/sites'
import { placesOf } from '#server/features/letting/applicant-sites'
import { emailApplicant, freeNickname } from '#server/features/letting/applications'
import { forgetConfirmations } from '#server/features/letting/application-expiry'
import {
  applicationWithTokenHash,
  deleteApplication,
  pendingWithEmail,
  updateApplication,
} from '#server/features/letting/applications-sql'
import type { Letting } from '#server/features/letting/context'
import { hashOf, linkTo } from '#server/core/link-tokens'
import { tellCommittee } from '#server/features/letting/tell-committee'

/** The application the link's token stands for, while it can be confirmed, under its address's lock. */
async function confirmableApplication(letting: Letting, tx: WriteTx, token: string) {
  const hash = hashOf(token)
  const found = await applicationWithTokenHash(tx, hash)
  // Applying again renews the token under the address's lock: taken, the token is read again.
  if (found) await lockRecords(letting.db, tx, [`applications:${found.email}`])
  const application = found && (await applicationWithTokenHash(tx, hash))
  if (
    !application ||
    application.confirmedAt ||
    (application.tokenExpiresAt ?? '') < letting.clock.now().toISOString()
  )
    throw badRequest(lettingMessages.tokenUnusable)
  return application
}

/**
 * Follows the link: the applicant joins the waiting list today and hears their reference, and the
 * committee hears of them.
 */
export async function confirmApplication(letting: Letting, token: string): Promise<Place> {
  const { db, config, clock } = letting
  const place = await loggedWrite(db, ['applications:confirm'], async (tx, log) => {
    const application = await confirmableApplication(letting, tx, token)
    await lockRecords(db, tx, [`people:${application.nickname}`])
    const nickname = (await nicknameTaken(tx, application.nickname))
      ? await freeNickname(tx, application.nickname)
      : application.nickname
    const { reference } = application
    // The applicant joins as they follow the link: that moment is their time of joining.
    const joining = await recordJoining(
      tx,
      nickname,
      'joined',
      waitingListMessages.joinedByApplication(reference),
      PUBLIC,
      clock.now(),
    )
    // Each list chosen places them by this moment; one made before sites were chosen (none
    // named), or whose sites were all retired since, joins the first site's.
    const open = new Set((await listSites(tx)).filter((s) => !s.retiredOn).map((s) => s.id))
    const chosen = (readSiteLimit(application.sites) ?? []).filter((site) => open.has(site))
    const person = await insertPerson(
      tx,
      {
        ...blankPerson(nickname, true, clock.today()),
        ...joining,
        firstName: application.firstName,
        lastName: application.lastName,
        email: application.email,
        phoneNumber: application.phoneNumber,
        address: application.address,
        reference,
      },
      chosen.length ? chosen : undefined,
    )
    await updateApplication(tx, application.id, {
      confirmedAt: clock.now().toISOString(),
      tokenHash: null,
      tokenExpiresAt: null,
      nickname,
    })
    // The address is on record now: the others made with it (someone else's, or the applicant's
    // own with other details) go, and their links with them.
    for (const other of await pendingWithEmail(tx, application.email)) {
      await deleteApplication(tx, other.id)
      await forgetConfirmations(tx, other)
      log(
        {
          methodName: 'deleteUnconfirmedApplication',
          eventCollection: 'applications',
          docId: other.reference,
          userName: PUBLIC,
        },
        { reference: other.reference },
      )
    }
    const place = (await placesOf(tx, nickname, reference))!
    const association = await associationDetails(tx, config)
    await emailApplicant(letting, tx, 'applications-confirmed', lettingMessages.confirmedBatch, {
      personId: nickname,
      recipient: application.email,
      subject: lettingMessages.confirmedSubject(reference),
      body: lettingMessages.confirmedText(
        application.firstName,
        reference,
        place.position,
        place.total,
        linkTo(config, '/apply/position'),
        association.name,
      ),
    })
    await tellCommittee(letting, tx, { ...application, nickname }, place)
    log(
      {
        methodName: 'confirmApplication',
        eventCollection: 'people',
        docId: nickname,
        userName: PUBLIC,
      },
      { reference, person },
    )
    return place
  })
  letting.jobs.wake()
  return place
}
