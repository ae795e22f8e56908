import { comparePlotIds } from '#shared/domain/plots'
import { inspectionMessages } from '#shared/messages/inspections'
import type { NewRound, Round, RoundDetail, RoundSummary } from '#shared/schemas/inspections'
import type { ReadTx } from '#server/core/db/write-transaction'
import { notFound } from '#server/core/errors'
import { loggedChange, type LoggedChange } from '#server/core/logged-change'
import { requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import type { Inspections } from '#server/features/inspections/context'
import { inspectionSettingsForSite } from '#server/features/inspections/settings'
import * as inspectionsRepo from '#server/features/inspections/sql'
import * as plotsRepo from '#server/features/plots/sql'
import { firstOpenSite, requireOpenSite } from '#server/features/sites/sql'

// A round walks one site's plots (issue 46, decision 50): its records, photos and notices are
// that site's, and a viewer limited to other sites is refused them (403).

export function listRounds({ db }: Inspections, scope: SiteScope): Promise<RoundSummary[]> {
  return inspectionsRepo.listRounds(db.kysely, scope)
}

/**
 * The round: 404 when there is none, 403 when its site is beyond the scope. A change under way
 * (`change`) names the round's site, in its entry or its refused attempt's.
 */
export async function requireRound(
  tx: ReadTx,
  scope: SiteScope,
  id: number,
  change?: { sites?: readonly number[] },
): Promise<Round> {
  const round = await inspectionsRepo.findRound(tx, id)
  if (!round) throw notFound(inspectionMessages.roundMissing)
  if (change) change.sites = [round.siteId]
  requireSiteInScope(scope, round.siteId)
  return round
}

/** A new round of the site asked for (the first open site when none is), open and in the scope. */
export function startRound(
  { db, clock }: Inspections,
  viewer: Viewer,
  scope: SiteScope,
  { siteId, ...input }: NewRound,
) {
  const change: LoggedChange = {
    methodName: 'startInspectionRound',
    eventCollection: 'inspection_rounds',
    docId: '',
    userName: viewer.userName,
  }
  return loggedChange(
    db,
    change,
    async (tx): Promise<Round> => {
      const site =
        siteId === undefined ? await firstOpenSite(tx) : await requireOpenSite(tx, siteId)
      change.sites = [site.id]
      requireSiteInScope(scope, site.id)
      const round = await inspectionsRepo.insertRound(tx, {
        ...input,
        siteId: site.id,
        startedBy: viewer.userName,
        startedAt: clock.now().toISOString(),
      })
      change.docId = String(round.id)
      return round
    },
    { siteId, ...input },
  )
}

/**
 * A round's page: every plot of its site in walking order (the order of the plots' names, which
 * follows the paths of most sites' numbering), the grades to choose from and every record made on
 * it. Each plot has its key, which records name, and its name on the site, which the round shows.
 */
export async function roundDetail(
  { db }: Inspections,
  scope: SiteScope,
  id: number,
): Promise<RoundDetail> {
  const tx = db.kysely
  const round = await requireRound(tx, scope, id)
  const [plots, settings, inspections] = await Promise.all([
    plotsRepo.listPlots(tx, { sites: [round.siteId] }),
    inspectionSettingsForSite(tx, round.siteId),
    inspectionsRepo.roundInspections(tx, id),
  ])
  return {
    round,
    plots: plots
      .toSorted((a, b) => comparePlotIds(a.name, b.name))
      .map(({ id, name, description, occupied }) => ({ id, name, description, occupied })),
    grades: settings.grades,
    inspections,
  }
}
