import { z } from 'zod'
import { setupStepIdSchema, type SetupStepId } from '#shared/schemas/setup'
import { readJsonSetting, writeJsonSetting } from '#server/core/db/settings'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { LEVELS } from '#shared/domain/levels'
import { findStoredSettings } from '#server/core/db/association-settings'
import { anyAccountAtLevel } from '#server/features/accounts/sql'
import { anyPerson } from '#server/features/people/sql'
import { anyPlot } from '#server/features/plots/sql'
import { anySiteMap } from '#server/features/site-map/sql'

const SKIPPED_KEY = 'setupSkipped'
const skippedSteps = z.array(setupStepIdSchema)

export const findSkippedSteps = async (tx: ReadTx): Promise<SetupStepId[]> =>
  (await readJsonSetting(tx, SKIPPED_KEY, skippedSteps)) ?? []

export const storeSkippedSteps = (tx: WriteTx, steps: SetupStepId[]) =>
  writeJsonSetting(tx, SKIPPED_KEY, skippedSteps, steps)

/** What the association has made so far, each answered by one indexed look (its owner's). */
export async function setupFacts(tx: ReadTx) {
  const [details, map, plots, people, committee] = await Promise.all([
    findStoredSettings(tx).then((settings) => settings !== undefined),
    anySiteMap(tx),
    anyPlot(tx),
    anyPerson(tx),
    // Someone besides the administrators can keep the lists.
    anyAccountAtLevel(tx, LEVELS.committee),
  ])
  return { details, map, plots, people, committee }
}
