import { privacyMessages } from '#shared/messages/privacy'
import { erasureMessages } from '#shared/messages/erasure'
import { conflict } from '#server/core/errors'
import { loggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { erasedOn, requirePerson } from '#server/features/people/sql'
import type { Privacy } from '#server/features/people/privacy-context'
import { deleteHold, upsertHold } from '#server/features/people/retention-sql'

// The committee holds a former member back from erasure by age (a dispute, a debt being
// recovered), with its reason; or releases them. Both are changes logged against the person.

const change = (methodName: string, personId: string, viewer: Viewer) => ({
  methodName,
  eventCollection: 'people',
  docId: personId,
  userName: viewer.userName,
})

export function holdFromErasure(
  { db, clock }: Privacy,
  viewer: Viewer,
  input: { personId: string; reason: string },
) {
  return loggedChange(
    db,
    change('holdFromErasure', input.personId, viewer),
    async (tx) => {
      const person = await requirePerson(tx, input.personId)
      if (await erasedOn(tx, person.id)) throw conflict(erasureMessages.alreadyErased)
      if (person.plots.length || person.onWaitingList) throw conflict(privacyMessages.notErasable)
      const hold = {
        reason: input.reason,
        heldBy: viewer.userName,
        heldAt: clock.now().toISOString(),
      }
      await upsertHold(tx, person.id, hold)
      return { personId: person.id, ...hold }
    },
    input,
  )
}

export function releaseFromErasure({ db }: Privacy, viewer: Viewer, personId: string) {
  return loggedChange(db, change('releaseFromErasure', personId, viewer), async (tx) => {
    await requirePerson(tx, personId)
    if (!(await deleteHold(tx, personId))) throw conflict(privacyMessages.notHeld)
    return { personId }
  })
}
