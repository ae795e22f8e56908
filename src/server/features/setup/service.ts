import type { Setup, SetupStepId } from '#shared/schemas/setup'
import type { Db } from '#server/core/db/database'
import type { ReadTx } from '#server/core/db/write-transaction'
import { loggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { findSkippedSteps, setupFacts, storeSkippedSteps } from '#server/features/setup/sql'

const ORDER: SetupStepId[] = ['details', 'map', 'plots', 'committee']

// A step is done when its work shows in the data, whoever did it and however: the steps cannot
// disagree with what the association has.
async function readSetup(tx: ReadTx): Promise<Setup> {
  const [facts, skipped] = await Promise.all([setupFacts(tx), findSkippedSteps(tx)])
  const steps = ORDER.map((id) => ({
    id,
    state: facts[id]
      ? ('done' as const)
      : skipped.includes(id)
        ? ('skipped' as const)
        : ('to do' as const),
  }))
  return {
    steps,
    leadOnSignIn: !facts.plots && !facts.people && steps.some((step) => step.state === 'to do'),
  }
}

export const getSetup = (db: Db) => readSetup(db.kysely)

export function skipSetupStep(db: Db, viewer: Viewer, id: SetupStepId, skipped: boolean) {
  return loggedChange(
    db,
    {
      methodName: 'skipSetupStep',
      eventCollection: 'settings',
      docId: `setup-${id}`,
      userName: viewer.userName,
    },
    async (tx) => {
      const others = (await findSkippedSteps(tx)).filter((step) => step !== id)
      await storeSkippedSteps(tx, skipped ? [...others, id] : others)
      return readSetup(tx)
    },
    { id, skipped },
  )
}
