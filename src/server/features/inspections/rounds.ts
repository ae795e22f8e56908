import { comparePlotIds } from '#shared/domain/plots'
import { inspectionMessages } from '#shared/messages/inspections'
import type { NewRound, Round, RoundDetail, RoundSummary } from '#shared/schemas/inspections'
import { notFound } from '#server/core/errors'
import { loggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import type { Inspections } from '#server/features/inspections/context'
import { inspectionSettings } from '#server/features/inspections/settings'
import * as inspectionsRepo from '#server/features/inspections/sql'
import * as plotsRepo from '#server/features/plots/sql'

export function listRounds({ db }: Inspections): Promise<RoundSummary[]> {
  return inspectionsRepo.listRounds(db.kysely)
}

export function startRound({ db, clock }: Inspections, viewer: Viewer, input: NewRound) {
  const change = {
    methodName: 'startInspectionRound',
    eventCollection: 'inspection_rounds',
    docId: '',
    userName: viewer.userName,
  }
  return loggedChange(
    db,
    change,
    async (tx): Promise<Round> => {
      const round = await inspectionsRepo.insertRound(tx, {
        ...input,
        startedBy: viewer.userName,
        startedAt: clock.now().toISOString(),
      })
      change.docId = String(round.id)
      return round
    },
    input,
  )
}

/**
 * A round's page: every plot in walking order (the plots' own order, which follows the paths of
 * most sites' numbering), the grades to choose from and every record made on the round.
 */
export async function roundDetail({ db }: Inspections, id: number): Promise<RoundDetail> {
  const tx = db.kysely
  const round = await inspectionsRepo.findRound(tx, id)
  if (!round) throw notFound(inspectionMessages.roundMissing)
  const [plots, settings, inspections] = await Promise.all([
    plotsRepo.listPlots(tx),
    inspectionSettings.read(tx),
    inspectionsRepo.roundInspections(tx, id),
  ])
  return {
    round,
    plots: plots
      .toSorted((a, b) => comparePlotIds(a.id, b.id))
      .map(({ id, description, occupied }) => ({ id, description, occupied })),
    grades: settings.grades,
    inspections,
  }
}
