import { EVERY_SITE } from '#server/core/site-scope'
import { z } from 'zod'
import { addDays } from '#shared/domain/rent'
import type { PrivacySettings } from '#shared/schemas/privacy'
import type { WriteTx } from '#server/core/db/write-transaction'
import { AppError } from '#server/core/errors'
import { deadlineAt, doubling, type JobKind } from '#server/core/jobs/runner'
import { loggedWrite, SYSTEM } from '#server/core/logged-change'
import { erasePerson, erasureCheck } from '#server/features/people/erasure'
import { RETENTION_JOB, type Privacy } from '#server/features/people/privacy-context'
import { deleteAged, formerMembersDue } from '#server/features/people/retention-due'
import { privacySettings } from '#server/features/people/privacy-settings'
import { scrubLogAfterErasures } from '#server/features/people/retention-scrub'
import { insertPendingScrubs, recordRun, runFinished } from '#server/features/people/retention-sql'

// Retention that runs by itself (issue 30, item 3): every morning at 06:00 one job erases the
// former members whose period has passed (each erasure its own write, as the committee's, but
// leaving the rest of the log to one reading for them all: retention-scrub.ts), then deletes the
// enquiries, failed sign-ins and log entries past theirs, a batch a write. A run cut
// short (a restart, a crash) is taken up again by the next instance when its lease ends and goes
// on from where it stopped, since what is done is no longer due; the day's row, written with the
// next day's job, makes it finish once.

/** The lock the day's row and the next job are written under. */
const RETENTION_LOCK = 'retention'

type RunJob = { date: string }

export function retentionJob(privacy: Privacy): JobKind<RunJob> {
  const kind: JobKind<RunJob> = {
    kind: RETENTION_JOB,
    payload: z.object({ date: z.string() }),
    maxAttempts: 10,
    backOffMs: doubling(60_000, 3_600_000),
    run: ({ date }) => runRetention(privacy, kind, date),
  }
  return kind
}

/** The first run, when the settings are first saved: at the next 06:00. */
export async function scheduleFirstRun(privacy: Privacy, tx: WriteTx, kind: JobKind<RunJob>) {
  if (await privacy.jobs.hasPending(tx, RETENTION_JOB)) return
  const today = privacy.clock.today()
  const date = privacy.clock.now() < deadlineAt(today) ? today : addDays(today, 1)
  await privacy.jobs.enqueue(tx, kind, { date }, deadlineAt(date))
}

/** The former members due on `today`, not held back. */
async function dueToday(privacy: Privacy, today: string, settings: PrivacySettings) {
  const due = await formerMembersDue(privacy.db.kysely, settings)
  return due.filter((member) => member.dueOn <= today && !member.hold)
}

async function runRetention(privacy: Privacy, kind: JobKind<RunJob>, date: string) {
  const { db, clock, jobs } = privacy
  if (await runFinished(db.kysely, date)) return
  const today = clock.today()
  const settings = await privacySettings.read(db.kysely)
  let erased = 0
  for (const member of await dueToday(privacy, today, settings)) {
    // Money owed stands in the way until it is settled: the Due for erasure list says so, and
    // the run does not try (and log a refusal) every morning meanwhile.
    if ((await erasureCheck(privacy, EVERY_SITE, member.id)).blockers.length > 0) continue
    try {
      await erasePerson(privacy, SYSTEM, EVERY_SITE, member.id, { later: insertPendingScrubs })
      erased++
    } catch (error) {
      // Owing since the check, or erased meanwhile: refused and logged as the committee's would
      // be.
      if (!(error instanceof AppError)) throw error
    }
  }
  // Also what a run cut short left to scrub.
  await scrubLogAfterErasures(privacy)
  const deleted = await deleteAged(privacy, today, settings)
  await loggedWrite(db, [RETENTION_LOCK], async (tx, log) => {
    if (await runFinished(tx, date)) return
    await recordRun(tx, { day: date, erased, deleted, finishedAt: clock.now().toISOString() })
    // A run that comes late (the site was down) is followed by tomorrow's, not by each day missed.
    const next = addDays(today > date ? today : date, 1)
    await jobs.enqueue(tx, kind, { date: next }, deadlineAt(next))
    log(
      { methodName: 'applyRetention', eventCollection: 'privacy', docId: date, userName: SYSTEM },
      { erased, deleted },
    )
  })
}
