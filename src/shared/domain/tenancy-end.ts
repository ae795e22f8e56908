import { tenancyEndMessages } from '#shared/messages/tenancy-end'
import type { Person } from '#shared/schemas/person'
import { ok, refuse, type Outcome } from '#shared/domain/outcome'
import { removePlotFromPerson } from '#shared/domain/people'

// A tenant who leaves (issue 44, item 4), as pure rules: why a tenancy ends, the day it may end
// on, and what the person is afterwards.

export const TENANCY_END_REASONS = ['gaveUp', 'movedAway', 'died', 'committee'] as const
export type TenancyEndReason = (typeof TENANCY_END_REASONS)[number]

/** The day a tenancy may end on: not before it began, not after today (London's). */
export function checkEndDate(endedOn: string, beganOn: string, today: string): Outcome<string> {
  if (endedOn > today) return refuse(tenancyEndMessages.endedAfterToday, 'endedOn')
  if (endedOn < beganOn) return refuse(tenancyEndMessages.endedBeforeBegan(beganOn), 'endedOn')
  return ok(endedOn)
}

/**
 * The person after their tenancy of the plot ended. Unlike the spec's removal of a plot (a tenant
 * taken off, who stays a plot holder until moved), someone who left their last plot is a plot
 * holder no more: a former tenant. One who died is off the waiting list too, so that no offer or
 * yearly question is posted to them.
 */
export function leavePlot(person: Person, plotId: string, reason: TenancyEndReason): Person {
  const left = removePlotFromPerson(person, plotId)
  return {
    ...left,
    isPlotHolder: left.plots.length > 0 && left.isPlotHolder,
    onWaitingList: reason !== 'died' && left.onWaitingList,
  }
}
