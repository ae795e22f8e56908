import { fullName } from '#shared/domain/message-copies'
import { hoursOf } from '#shared/domain/hours'
import { hoursBetween } from '#shared/domain/work-hours'
import type { Register } from '#shared/schemas/work-hours'
import type { ReadTx } from '#server/core/db/write-transaction'
import type { SiteScope } from '#server/core/site-scope'
import { tenantNames } from '#server/features/people/sql'
import { registerScope, requireWorkParty } from '#server/features/work-hours/event'
import { attendanceAt } from '#server/features/work-hours/sql'

/**
 * A work party's register as the organiser ticks it: the tenants of its site by name, with what
 * is recorded for each.
 */
export async function readRegister(
  tx: ReadTx,
  scope: SiteScope,
  eventId: number,
): Promise<Register> {
  const event = await requireWorkParty(tx, scope, eventId)
  const [tenants, recorded] = await Promise.all([
    tenantNames(tx, registerScope(event.siteId)),
    attendanceAt(tx, [eventId]),
  ])
  const hours = new Map(recorded.map((row) => [row.personId, hoursOf(row.quarters)]))
  const people = tenants
    .map((tenant) => ({
      personId: tenant.id,
      name: fullName(tenant),
      coming: false,
      hours: hours.get(tenant.id) ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'))
  return {
    event: {
      id: event.id,
      title: event.title,
      siteId: event.siteId,
      day: event.day,
      hours: hoursBetween(event.startsAt, event.endsAt),
    },
    people,
  }
}
