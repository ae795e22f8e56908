import { offerMessages } from '#shared/messages/offers'
import type { Person } from '#shared/schemas/person'
import { unprocessable } from '#server/core/errors'
import { loggedChange, type LoggedChange } from '#server/core/logged-change'
import { reachesAny, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import { requirePersonInScope, updatePerson } from '#server/features/people/sql'
import {
  lastWaitingListEvent,
  recordWaitingListEvent,
} from '#server/features/people/waiting-list-sql'
import { lapsedPlaceSites, reopenLapsedPlaces } from '#server/features/people/waiting-places-sql'
import type { Letting } from '#server/features/letting/context'

/**
 * The committee puts a lapsed person back on the lists they lapsed from, in the places they had.
 * Someone lapsed waits on no list: a representative reaches them by the sites of those places.
 */
export function restoreToList(
  { db, clock }: Letting,
  viewer: Viewer,
  scope: SiteScope,
  personId: string,
): Promise<Person> {
  const change: LoggedChange = {
    methodName: 'restoreToWaitingList',
    eventCollection: 'people',
    docId: personId,
    userName: viewer.userName,
  }
  return loggedChange(
    db,
    change,
    async (tx) => {
      const lapsedSites = await lapsedPlaceSites(tx, personId)
      const { person } = await requirePersonInScope(tx, scope, personId, {
        orUnplaced: reachesAny(scope, lapsedSites),
        change,
      })
      if (person.onWaitingList || (await lastWaitingListEvent(tx, personId)) !== 'lapsed')
        throw unprocessable(offerMessages.notLapsed)
      await reopenLapsedPlaces(tx, personId)
      change.sites = lapsedSites
      const restored = await updatePerson(tx, {
        ...person,
        onWaitingList: true,
        isPlotHolder: false,
      })
      await recordWaitingListEvent(
        tx,
        personId,
        'restored',
        offerMessages.restoredReason,
        viewer.userName,
        clock.now(),
      )
      return restored
    },
    { personId },
  )
}
