import { fullName } from '#shared/domain/message-copies'
import { lettingMessages } from '#shared/messages/letting'
import { mailSettings } from '#server/core/db/association-settings'
import type { WriteTx } from '#server/core/db/write-transaction'
import { PUBLIC } from '#server/core/logged-change'
import type { Letting } from '#server/features/letting/context'
import { linkTo } from '#server/core/link-tokens'

const COMMITTEE_BATCH = 'applications-committee'

interface Joined {
  nickname: string
  firstName: string
  lastName: string
  reference: string
  note: string
}

/**
 * The committee hears, at the address enquiries go to (the settings' committee e-mail), of someone who joined the
 * waiting list from the website: who, where on the list, what they wrote, and the way to their
 * page. Queued with the confirmation, inside its write, as every e-mail is.
 */
export async function tellCommittee(
  { copies, config }: Letting,
  tx: WriteTx,
  joined: Joined,
  place: { position: number; total: number },
) {
  const name = fullName({ id: joined.nickname, ...joined })
  const subject = lettingMessages.committeeNoticeSubject(name, place.position, place.total)
  const batchSubject = lettingMessages.committeeNoticeBatch
  return copies.queue(
    tx,
    {
      subject: batchSubject,
      body: batchSubject,
      audience: lettingMessages.committee,
      createdBy: PUBLIC,
      key: COMMITTEE_BATCH,
    },
    [
      {
        personId: joined.nickname,
        channel: 'email',
        recipient: (await mailSettings(tx, config)).committeeEmail,
        subject,
        body: lettingMessages.committeeNoticeText({
          name,
          reference: joined.reference,
          ...place,
          note: joined.note,
          link: linkTo(config, `/members/waitinglist/${encodeURIComponent(joined.nickname)}`),
        }),
      },
    ],
  )
}
