import { EVERY_SITE } from '#server/core/site-scope'
import { cutoffs, DUE_WINDOW_DAYS, leaverDueOn } from '#shared/domain/privacy'
import { addDays } from '#shared/domain/rent'
import type { DueForErasure, DuePerson, Hold, PrivacySettings } from '#shared/schemas/privacy'
import { countOlderThan, deleteOlderThan } from '#server/core/db/age-out'
import type { ReadTx } from '#server/core/db/write-transaction'
import { erasureCheck } from '#server/features/people/erasure'
import { formerMembersSince, type FormerMember } from '#server/features/people/former-members'
import { RETENTION_JOB, type Privacy } from '#server/features/people/privacy-context'
import { privacySettings } from '#server/features/people/privacy-settings'
import { holds, lastRun, runFinished } from '#server/features/people/retention-sql'

// What retention will take, and when: the former members whose details fall due, and how much of
// the rest (enquiries, failed sign-ins, the log) has passed its period.

/** Former members, the day each falls due, and the hold on them if they are held back. */
export async function formerMembersDue(
  tx: ReadTx,
  settings: PrivacySettings,
): Promise<Array<FormerMember & { dueOn: string; hold: Hold | null }>> {
  const members = await formerMembersSince(tx)
  const held = await holds(tx)
  return members
    .map((member) => ({
      ...member,
      dueOn: leaverDueOn(member.lastChange, settings),
      hold: held.get(member.id) ?? null,
    }))
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.name.localeCompare(b.name))
}

/** Deletes what has passed its period on `today`; how many rows went. */
export async function deleteAged(privacy: Privacy, today: string, settings: PrivacySettings) {
  const before = cutoffs(today, settings)
  let deleted = 0
  for (const { kind, ageing } of privacy.hooks.ageing)
    deleted += await deleteOlderThan(privacy.db, ageing, before[kind])
  return deleted
}

/** The day the next run comes: today's, unless it has finished; none before the settings are saved. */
async function nextRun(privacy: Privacy, today: string): Promise<string | null> {
  const tx = privacy.db.kysely
  if (!(await privacy.jobs.hasPending(tx, RETENTION_JOB))) return null
  return (await runFinished(tx, today)) ? addDays(today, 1) : today
}

export async function dueForErasure(privacy: Privacy): Promise<DueForErasure> {
  const tx = privacy.db.kysely
  const today = privacy.clock.today()
  const settings = await privacySettings.read(tx)
  const until = addDays(today, DUE_WINDOW_DAYS)
  const people: DuePerson[] = []
  for (const member of await formerMembersDue(tx, settings)) {
    if (member.dueOn > until && !member.hold) continue
    const { blockers } = await erasureCheck(privacy, EVERY_SITE, member.id)
    people.push({ ...member, blockers })
  }
  const runOn = await nextRun(privacy, today)
  const before = cutoffs(runOn ?? today, settings)
  const others = []
  for (const { kind, ageing } of privacy.hooks.ageing) {
    const count = await countOlderThan(tx, ageing, before[kind])
    if (count > 0) others.push({ kind, count, before: before[kind] })
  }
  return { nextRun: runOn, people, others, lastRun: (await lastRun(tx)) ?? null }
}
