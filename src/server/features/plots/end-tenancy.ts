import { checkEndDate } from '#shared/domain/tenancy-end'
import { tenancyEndMessages } from '#shared/messages/tenancy-end'
import type { EndedTenancy, EndingForm, TenancyEnd } from '#shared/schemas/leaving'
import { notFound, unlessRefused, unprocessable } from '#server/core/errors'
import type { Viewer } from '#server/core/viewer'
import { requirePersonInScope } from '#server/features/people/sql'
import type { SiteScope } from '#server/core/site-scope'
import { tenancyBegan } from '#server/features/people/tenancy-ends-sql'
import { recordWaitingListEvent } from '#server/features/people/waiting-list-sql'
import {
  requirePlot,
  runEndingTenancy,
  tenancyChange,
  type Plots,
} from '#server/features/plots/service'
import * as plotsRepo from '#server/features/plots/sql'

// A tenant who leaves (issue 44, item 4): the committee gives the day the tenancy ends (not
// before it began, not after today) and why. The tenancy is kept as ended, in the plot's history
// and on the person's record; one who holds no other plot is a former tenant; the leaver's invoice
// is settled as the committee chose (the endingTenancy hook). Nothing is sent to the leaver: one
// who died is also taken off the waiting list, so that nothing is posted to them from it.

/** What the ending form starts from: today in London, and the day the tenancy began. */
export async function endingForm(
  { db, clock }: Plots,
  scope: SiteScope,
  plotId: string,
  personId: string,
): Promise<EndingForm> {
  const tx = db.kysely
  const plot = await requirePlot(tx, scope, plotId)
  const { person } = await requirePersonInScope(tx, scope, personId)
  if (!plot.tenants.includes(personId))
    throw notFound(tenancyEndMessages.notTenant(personId, plotId))
  return {
    today: clock.today(),
    beganOn: await tenancyBegan(tx, plotId, person),
    otherPlots: person.plots.filter((id) => id !== plotId),
  }
}

export function endTenancy(
  { db, clock, hooks }: Plots,
  viewer: Viewer,
  scope: SiteScope,
  plotId: string,
  personId: string,
  { endedOn, reason, invoice }: TenancyEnd,
) {
  return tenancyChange(
    db,
    viewer,
    scope,
    'endTenancy',
    plotId,
    personId,
    async (tx, plot, { person }) => {
      if (!plot.tenants.includes(personId))
        throw unprocessable(tenancyEndMessages.notTenant(personId, plotId))
      const beganOn = await tenancyBegan(tx, plotId, person)
      unlessRefused(checkEndDate(endedOn, beganOn, clock.today()))
      const now = clock.now()
      const ended = await plotsRepo.endTenancy(tx, plot, person, {
        ending: { endedOn, reason, recordedAt: now.toISOString() },
      })
      if (person.onWaitingList && !ended.person.onWaitingList)
        await recordWaitingListEvent(
          tx,
          personId,
          'left',
          tenancyEndMessages.reasons[reason],
          viewer.userName,
          now,
        )
      await runEndingTenancy(hooks, tx, {
        plotId,
        personId,
        invoice,
        endedOn,
        reason,
        userName: viewer.userName,
      })
      const ending: EndedTenancy = { plotId, personId, beganOn, endedOn, reason }
      return { ...ended, ending }
    },
    { endedOn, reason, invoice },
  )
}
