import { z } from 'zod'
import { longDate } from '#shared/domain/dates'
import {
  latestByPlot,
  nextNoticeStep,
  noticeDeadline,
  reinspectionDue,
  yearsBefore,
  type NoticeStage,
} from '#shared/domain/inspections'
import type { MergeValues } from '#shared/domain/merge-fields'
import { copiesForOne, filledLetter, fullName, personValues } from '#shared/domain/message-copies'
import { comparePlotIds } from '#shared/domain/plots'
import { addDays } from '#shared/domain/rent'
import { inspectionMessages } from '#shared/messages/inspections'
import type {
  Inspection,
  InspectionSettings,
  Notice,
  NoticesSent,
  Round,
} from '#shared/schemas/inspections'
import type { Person } from '#shared/schemas/person'
import { associationDetails, type AssociationDetails } from '#server/core/db/association-settings'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { OutgoingCopy } from '#server/core/email/copies'
import { conflict, notFound } from '#server/core/errors'
import { deadlineAt, doubling, type JobKind } from '#server/core/jobs/runner'
import {
  loggedChange,
  loggedWrite,
  recordKey,
  SYSTEM,
  type LogEntry,
} from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { noticeAttachment, type Inspections } from '#server/features/inspections/context'
import * as noticesRepo from '#server/features/inspections/notices-sql'
import { inspectionSettings } from '#server/features/inspections/settings'
import * as inspectionsRepo from '#server/features/inspections/sql'
import * as peopleRepo from '#server/features/people/sql'
import * as plotsRepo from '#server/features/plots/sql'

// A plot's chain of notices (issue 32): an improvement notice after a round grades it below
// standard, a final notice when it is still below standard after the deadline, then notice to
// quit, whose end date ends the tenancy. Each notice's deadline is a job, which runs once across
// instances and survives restarts.

type NoticeRow = noticesRepo.NoticeRow

/** The day after a notice's deadline, when its job looks at it. */
const jobDay = (deadline: string) => deadlineAt(addDays(deadline, 1))

/** Stores the notice's job for the day after its deadline, inside the write that set it. */
const scheduleDeadline = (
  inspections: Inspections,
  tx: WriteTx,
  noticeId: number,
  deadline: string,
) => inspections.jobs.enqueue(tx, noticeDeadlineJob(inspections), { noticeId }, jobDay(deadline))

const plotChange = (methodName: string, plotId: string, userName: string) => ({
  methodName,
  eventCollection: 'plots',
  docId: plotId,
  userName,
})

/** The deadline's job, stored with the notice. */
export function noticeDeadlineJob(inspections: Inspections): JobKind<{ noticeId: number }> {
  return {
    kind: 'inspection-notice-deadline',
    payload: z.object({ noticeId: z.number().int() }),
    maxAttempts: 10,
    backOffMs: doubling(60_000, 3_600_000),
    run: ({ noticeId }) => passDeadline(inspections, noticeId),
  }
}

/**
 * A notice's deadline has passed: a plot that changed hands meanwhile stops its chain; a notice
 * to quit ends the tenancy, which frees the plot; an improvement or final notice makes the plot
 * due for re-inspection (the next round's grade decides what follows). A paused notice waits for
 * its resumption, which stores the job again.
 */
async function passDeadline(inspections: Inspections, noticeId: number) {
  const { db, clock } = inspections
  const notice = await noticesRepo.findNotice(db.kysely, noticeId)
  if (!notice || notice.status !== 'open' || notice.pausedOn) return
  const tenants = noticesRepo.noticeTenants(notice)
  await loggedWrite(
    db,
    [recordKey('plots', notice.plotId), ...tenants.map((id) => recordKey('people', id))],
    async (tx, log) => {
      const current = await noticesRepo.findNotice(tx, noticeId)
      if (!current || current.status !== 'open' || current.pausedOn) return
      // The calendar was moved back (TODAY): wait for the day.
      if (clock.now() < jobDay(current.deadline)) {
        await scheduleDeadline(inspections, tx, noticeId, current.deadline)
        return
      }
      const plot = await plotsRepo.findPlot(tx, current.plotId)
      const staying = tenants.filter((id) => plot?.tenants.includes(id))
      if (!plot || staying.length === 0) return stopChain(tx, log, current, clock.today(), SYSTEM)
      if (current.stage !== 'quit') {
        log(plotChange('reinspectionDue', plot.id, SYSTEM), {
          noticeId,
          deadline: current.deadline,
        })
        return
      }
      let freed = plot
      for (const id of staying) {
        const person = await peopleRepo.requirePerson(tx, id)
        freed = (await plotsRepo.endTenancy(tx, freed, person)).plot
      }
      await noticesRepo.closeNotice(tx, noticeId, 'ended', clock.today())
      log(plotChange('endTenancyByNotice', plot.id, SYSTEM), {
        noticeId,
        tenants: staying,
        endedOn: current.deadline,
      })
    },
  )
}

async function stopChain(
  tx: WriteTx,
  log: LogEntry,
  notice: NoticeRow,
  today: string,
  userName: string,
) {
  await noticesRepo.closeNotice(tx, notice.id, 'stopped', today)
  log(plotChange('stopInspectionNotices', notice.plotId, userName), { noticeId: notice.id })
}

/** The letter's merge fields for one tenant. */
function letterValues(
  person: Person,
  association: AssociationDetails,
  found: { plotId: string; grade: string; cultivated: number; notes: string; roundDate: string },
  stage: NoticeStage,
  deadline: string,
): MergeValues {
  return {
    ...personValues(person, association),
    plot: found.plotId,
    grade: found.grade,
    cultivated: `${found.cultivated}%`,
    findings: found.notes,
    inspectedOn: longDate(found.roundDate),
    putRightBy: stage === 'quit' ? '' : longDate(deadline),
    tenancyEndsOn: stage === 'quit' ? longDate(deadline) : '',
  }
}

interface Sending {
  tx: WriteTx
  log: LogEntry
  round: Round
  settings: InspectionSettings
  association: AssociationDetails
  today: string
  userName: string
}

/** One notice to the plot's tenants: stored, its letters and e-mails queued, its job stored. */
async function sendNotice(
  inspections: Inspections,
  sending: Sending,
  record: Inspection,
  tenants: readonly Person[],
  stage: NoticeStage,
  replaces: NoticeRow | undefined,
) {
  const { tx, log, round, settings, association, today, userName } = sending
  if (replaces) await noticesRepo.closeNotice(tx, replaces.id, 'escalated', today)
  const deadline = noticeDeadline(stage, today, settings)
  const notice = await noticesRepo.insertNotice(tx, {
    plotId: record.plotId,
    stage,
    roundId: round.id,
    inspectionId: record.id,
    tenants: tenants.map((person) => person.id),
    sentOn: today,
    deadline,
    createdBy: userName,
  })
  const letter = settings.letters[stage]
  const found = { ...record, roundDate: round.date }
  const outgoing: OutgoingCopy[] = tenants.flatMap((person) => {
    const values = letterValues(person, association, found, stage, deadline)
    const { subject, body } = filledLetter(letter, values)
    return copiesForOne(person, subject, () => body).map((copy) => ({
      ...copy,
      attachment: noticeAttachment(notice.id),
    }))
  })
  await inspections.copies.queue(
    tx,
    {
      subject: inspectionMessages.noticesBatch(round.date),
      body: inspectionMessages.noticesBatch(round.date),
      audience: inspectionMessages.noticesAudience(round.date),
      createdBy: userName,
      key: `inspection-notices:${round.id}`,
    },
    outgoing,
  )
  await scheduleDeadline(inspections, tx, notice.id, deadline)
  log(plotChange('sendInspectionNotice', record.plotId, userName), {
    noticeId: notice.id,
    stage,
    deadline,
    roundId: round.id,
    tenants: tenants.map((person) => person.id),
    ...(replaces ? { replaces: replaces.id } : {}),
  })
}

/**
 * Send notices, after a round: for each plot of the round, by its latest grade, the next step of
 * its chain. Sent twice, the second finds every notice within its deadline and sends nothing.
 */
export async function sendNotices(
  inspections: Inspections,
  viewer: Viewer,
  roundId: number,
): Promise<NoticesSent> {
  const { db, config, clock } = inspections
  const round = await inspectionsRepo.findRound(db.kysely, roundId)
  if (!round) throw notFound(inspectionMessages.roundMissing)
  // The plots graded, read first to lock them; their records are read again under the locks.
  const graded = latestByPlot(await inspectionsRepo.roundInspections(db.kysely, roundId))
  const plotIds = [...graded.keys()].sort(comparePlotIds)
  return loggedWrite(
    db,
    [
      recordKey('inspection_rounds', String(roundId)),
      ...plotIds.map((id) => recordKey('plots', id)),
    ],
    async (tx, log) => {
      const settings = await inspectionSettings.read(tx)
      const sending: Sending = {
        tx,
        log,
        round,
        settings,
        association: await associationDetails(tx, config),
        today: clock.today(),
        userName: viewer.userName,
      }
      const needsNotice = new Set(settings.grades.filter((g) => g.needsNotice).map((g) => g.name))
      const since = yearsBefore(round.date, settings.repeat.years)
      const result: NoticesSent = { sent: [], complied: [], waiting: [], vacant: [] }
      const records = latestByPlot(await inspectionsRepo.roundInspections(tx, roundId))
      for (const plotId of plotIds) {
        const record = records.get(plotId)
        const plot = await plotsRepo.findPlot(tx, plotId)
        if (!record || !plot) continue
        let open = await noticesRepo.openNoticeOf(tx, plotId)
        // A chain belongs to the tenants it was sent to: once none of them holds the plot, it stops.
        if (open && !noticesRepo.noticeTenants(open).some((id) => plot.tenants.includes(id))) {
          await stopChain(tx, log, open, sending.today, viewer.userName)
          open = undefined
        }
        const step = nextNoticeStep(
          { needsNotice: needsNotice.has(record.grade), roundDate: round.date },
          open && { stage: open.stage, deadline: open.deadline, paused: open.pausedOn !== null },
          await noticesRepo.improvementsSince(tx, plotId, since),
          settings,
        )
        if (step.kind === 'wait') result.waiting.push(plotId)
        if (step.kind === 'complied' && open) {
          await noticesRepo.closeNotice(tx, open.id, 'complied', sending.today)
          log(plotChange('inspectionNoticeComplied', plotId, viewer.userName), {
            noticeId: open.id,
            roundId,
          })
          result.complied.push(plotId)
        }
        if (step.kind !== 'send') continue
        if (plot.tenants.length === 0) {
          result.vacant.push(plotId)
          continue
        }
        const tenants = await Promise.all(
          plot.tenants.map((id) => peopleRepo.requirePerson(tx, id)),
        )
        await sendNotice(inspections, sending, record, tenants, step.stage, open)
        result.sent.push({ plotId, stage: step.stage })
      }
      return result
    },
  )
}

async function requireRunning(tx: ReadTx, id: number): Promise<NoticeRow> {
  const notice = await noticesRepo.findNotice(tx, id)
  if (!notice) throw notFound(inspectionMessages.noticeMissing)
  if (notice.status !== 'open') throw conflict(inspectionMessages.noticeNotRunning)
  return notice
}

/**
 * A change to a running notice, logged against its plot and holding the notice's lock: `change`
 * is given the notice as it stands, and the answer is the notice as it then is.
 */
async function changeRunningNotice(
  { db, clock }: Inspections,
  viewer: Viewer,
  id: number,
  methodName: 'pauseInspectionNotices' | 'resumeInspectionNotices',
  attempted: Record<string, unknown>,
  change: (tx: WriteTx, notice: NoticeRow) => Promise<void>,
): Promise<Notice> {
  const before = await noticesRepo.findNotice(db.kysely, id)
  return loggedChange(
    db,
    {
      ...plotChange(methodName, before?.plotId ?? '', viewer.userName),
      alsoLocks: [recordKey('inspection_notices', String(id))],
    },
    async (tx) => {
      await change(tx, await requireRunning(tx, id))
      return describeNotice(tx, (await noticesRepo.findNotice(tx, id))!, clock.today())
    },
    { noticeId: id, ...attempted },
  )
}

/** The committee holds a plot's chain (illness, mitigating circumstances), with the reason. */
export const pauseNotice = (
  inspections: Inspections,
  viewer: Viewer,
  id: number,
  reason: string,
): Promise<Notice> =>
  changeRunningNotice(
    inspections,
    viewer,
    id,
    'pauseInspectionNotices',
    { reason },
    async (tx, notice) => {
      if (notice.pausedOn) throw conflict(inspectionMessages.noticeAlreadyPaused)
      const pausedOn = inspections.clock.today()
      await noticesRepo.setPause(tx, id, { pausedOn, pauseReason: reason })
    },
  )

/**
 * The chain runs again: the deadline moves on by the days it was paused, so the tenant loses
 * none of the time the notice gave them, and its job is stored for the new day.
 */
export const resumeNotice = (inspections: Inspections, viewer: Viewer, id: number) =>
  changeRunningNotice(
    inspections,
    viewer,
    id,
    'resumeInspectionNotices',
    {},
    async (tx, notice) => {
      if (!notice.pausedOn) throw conflict(inspectionMessages.noticeNotPaused)
      const pausedDays = Math.max(
        0,
        (Date.parse(inspections.clock.today()) - Date.parse(notice.pausedOn)) / 86_400_000,
      )
      const deadline = addDays(notice.deadline, pausedDays)
      await noticesRepo.setPause(tx, id, { pausedOn: null, pauseReason: '', deadline })
      await scheduleDeadline(inspections, tx, id, deadline)
    },
  )

async function describeNotice(tx: ReadTx, notice: NoticeRow, today: string): Promise<Notice> {
  const tenants = await Promise.all(
    noticesRepo.noticeTenants(notice).map(async (id) => {
      const person = await peopleRepo.findPerson(tx, id)
      return person ? fullName(person) : id
    }),
  )
  const { inspectionId: _, ...shown } = notice
  return { ...shown, tenants, reinspectionDue: reinspectionDue(notice, today) }
}

/** The notices running, and those closed in the last 90 days, newest first. */
export async function listNotices({ db, clock }: Inspections): Promise<Notice[]> {
  const rows = await noticesRepo.listNotices(db.kysely, addDays(clock.today(), -90))
  return Promise.all(rows.map((row) => describeNotice(db.kysely, row, clock.today())))
}
