import { offerMessages } from '#shared/messages/offers'
import type { Person } from '#shared/schemas/person'
import { unprocessable } from '#server/core/errors'
import { loggedWrite, recordKey } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { requirePerson, updatePerson } from '#server/features/people/sql'
import {
  lastWaitingListEvent,
  recordWaitingListEvent,
} from '#server/features/people/waiting-list-sql'
import type { Letting } from '#server/features/letting/context'

// A refusal (not lapsed) is not logged: loggedWrite, which logs only what was done.

/** The committee puts a lapsed person back on the list, in the place they had. */
export function restoreToList(
  { db, clock }: Letting,
  viewer: Viewer,
  personId: string,
): Promise<Person> {
  return loggedWrite(db, [recordKey('people', personId)], async (tx, log) => {
    const person = await requirePerson(tx, personId)
    if (person.onWaitingList || (await lastWaitingListEvent(tx, personId)) !== 'lapsed')
      throw unprocessable(offerMessages.notLapsed)
    const restored = await updatePerson(tx, { ...person, onWaitingList: true, isPlotHolder: false })
    await recordWaitingListEvent(
      tx,
      personId,
      'restored',
      offerMessages.restoredReason,
      viewer.userName,
      clock.now(),
    )
    log(
      {
        methodName: 'restoreToWaitingList',
        eventCollection: 'people',
        docId: personId,
        userName: viewer.userName,
      },
      restored,
    )
    return restored
  })
}
