import { z } from 'zod'
import { reinspectionDue } from '#shared/domain/inspections'
import { fullName } from '#shared/domain/message-copies'
import { addDays } from '#shared/domain/rent'
import { rentNoticeSettled } from '#shared/domain/rent-notice'
import { inspectionMessages } from '#shared/messages/inspections'
import type { Notice } from '#shared/schemas/inspections'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { conflict, forbidden, notFound } from '#server/core/errors'
import { deadlineAt, doubling, type JobKind } from '#server/core/jobs/runner'
import {
  loggedChange,
  loggedWrite,
  recordKey,
  SYSTEM,
  type LogEntry,
  type LoggedChange,
} from '#server/core/logged-change'
import { EVERY_SITE, requireSiteInScope, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import type { Inspections } from '#server/features/inspections/context'
import * as noticesRepo from '#server/features/inspections/notices-sql'
import { requireRound } from '#server/features/inspections/rounds'
import * as peopleRepo from '#server/features/people/sql'
import * as plotsRepo from '#server/features/plots/sql'
import { findInvoice } from '#server/features/rent/sql'

// A plot's chain of notices (issue 32): an improvement notice after a round grades it below
// standard, a final notice when it is still below standard after the deadline, then notice to
// quit, whose end date ends the tenancy. Each notice's deadline is a job, which runs once across
// instances and survives restarts. Send notices, which starts and moves chains, is send-notices.ts.

type NoticeRow = noticesRepo.NoticeRow

/** The day after a notice's deadline, when its job looks at it. */
const jobDay = (deadline: string) => deadlineAt(addDays(deadline, 1))

/** Stores the notice's job for the day after its deadline, inside the write that set it. */
export const scheduleDeadline = (
  inspections: Inspections,
  tx: WriteTx,
  noticeId: number,
  deadline: string,
) => inspections.jobs.enqueue(tx, noticeDeadlineJob(inspections), { noticeId }, jobDay(deadline))

/** The sites a change to the notice is logged with. */
const sitesOf = (siteId: number | undefined) => (siteId === undefined ? [] : [siteId])

/** A change to a plot's chain, logged against the plot and naming its site (the round's, or the plot's). */
export const plotChange = (
  methodName: string,
  plotId: string,
  userName: string,
  siteId: number | undefined,
): LoggedChange => ({
  methodName,
  eventCollection: 'plots',
  docId: plotId,
  userName,
  sites: sitesOf(siteId),
})

/** The site of a notice: its round's, or for one given for rent its plot's (none once it is gone). */
async function siteOf(tx: ReadTx, notice: NoticeRow): Promise<number | undefined> {
  if (notice.roundId !== null) return (await requireRound(tx, EVERY_SITE, notice.roundId)).siteId
  return (await plotsRepo.plotSites(tx, [notice.plotId])).get(notice.plotId)
}

/**
 * Refuses (403) a notice of a site beyond the scope; a change under way (`change`) names the
 * notice's site, in its entry or its refused attempt's.
 */
export async function requireNoticeInScope(
  tx: ReadTx,
  scope: SiteScope,
  notice: NoticeRow,
  change?: { sites?: readonly number[] },
): Promise<void> {
  if (notice.roundId !== null) {
    await requireRound(tx, scope, notice.roundId, change)
    return
  }
  const siteId = await siteOf(tx, notice)
  if (change) change.sites = siteId === undefined ? [] : [siteId]
  if (siteId !== undefined) requireSiteInScope(scope, siteId)
  else if (scope.sites) throw forbidden()
}

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
      const siteId = await siteOf(tx, current)
      const staying = tenants.filter((id) => plot?.tenants.includes(id))
      if (!plot || staying.length === 0)
        return stopChain(tx, log, current, clock.today(), SYSTEM, siteId)
      if (current.stage !== 'quit') {
        log(plotChange('reinspectionDue', plot.id, SYSTEM, siteId), {
          noticeId,
          deadline: current.deadline,
        })
        return
      }
      // Given for rent that is paid by now (decision 61): the tenancy goes on.
      if (current.reason === 'rent' && current.invoiceId !== null) {
        const invoice = await findInvoice(tx, current.invoiceId)
        if (!invoice || rentNoticeSettled(invoice, current.sentOn)) {
          await noticesRepo.closeNotice(tx, noticeId, 'paid', clock.today())
          log(plotChange('rentNoticeSettled', plot.id, SYSTEM, siteId), {
            noticeId,
            invoiceId: current.invoiceId,
          })
          return
        }
      }
      // Ended by the committee on the notice's deadline (issue 44): former tenants from then.
      const ending = {
        endedOn: current.deadline,
        reason: 'committee' as const,
        recordedAt: clock.now().toISOString(),
      }
      let freed = plot
      for (const id of staying) {
        const person = await peopleRepo.requirePerson(tx, id)
        freed = (await plotsRepo.endTenancy(tx, freed, person, { ending })).plot
      }
      await noticesRepo.closeNotice(tx, noticeId, 'ended', clock.today())
      log(plotChange('endTenancyByNotice', plot.id, SYSTEM, siteId), {
        noticeId,
        tenants: staying,
        endedOn: current.deadline,
      })
    },
  )
}

/** A chain whose tenants no longer hold the plot stops. */
export async function stopChain(
  tx: WriteTx,
  log: LogEntry,
  notice: NoticeRow,
  today: string,
  userName: string,
  siteId: number | undefined,
) {
  await noticesRepo.closeNotice(tx, notice.id, 'stopped', today)
  log(plotChange('stopInspectionNotices', notice.plotId, userName, siteId), {
    noticeId: notice.id,
  })
}

async function requireRunning(tx: ReadTx, id: number): Promise<NoticeRow> {
  const notice = await noticesRepo.findNotice(tx, id)
  if (!notice) throw notFound(inspectionMessages.noticeMissing)
  if (notice.status !== 'open') throw conflict(inspectionMessages.noticeNotRunning)
  return notice
}

/**
 * A change to a running notice, logged against its plot and holding the notice's lock: `change`
 * is given the notice as it stands, and the answer is the notice as it then is. A notice of a
 * round beyond the scope is refused (403), the attempt logged with its site.
 */
async function changeRunningNotice(
  { db, clock }: Inspections,
  viewer: Viewer,
  scope: SiteScope,
  id: number,
  methodName: 'pauseInspectionNotices' | 'resumeInspectionNotices',
  attempted: Record<string, unknown>,
  change: (tx: WriteTx, notice: NoticeRow) => Promise<void>,
): Promise<Notice> {
  const before = await noticesRepo.findNotice(db.kysely, id)
  const logged: LoggedChange = {
    methodName,
    eventCollection: 'plots',
    docId: before?.plotId ?? '',
    userName: viewer.userName,
    alsoLocks: [recordKey('inspection_notices', String(id))],
  }
  return loggedChange(
    db,
    logged,
    async (tx) => {
      const notice = await requireRunning(tx, id)
      await requireNoticeInScope(tx, scope, notice, logged)
      await change(tx, notice)
      const [described] = await describeNotices(
        tx,
        [(await noticesRepo.findNotice(tx, id))!],
        clock.today(),
      )
      return described!
    },
    { noticeId: id, ...attempted },
  )
}

/** The committee holds a plot's chain (illness, mitigating circumstances), with the reason. */
export const pauseNotice = (
  inspections: Inspections,
  viewer: Viewer,
  scope: SiteScope,
  id: number,
  reason: string,
): Promise<Notice> =>
  changeRunningNotice(
    inspections,
    viewer,
    scope,
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
export const resumeNotice = (
  inspections: Inspections,
  viewer: Viewer,
  scope: SiteScope,
  id: number,
) =>
  changeRunningNotice(
    inspections,
    viewer,
    scope,
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

/** The notices as the committee reads them: the plot by its name, the tenants by theirs. */
export async function describeNotices(
  tx: ReadTx,
  notices: readonly NoticeRow[],
  today: string,
): Promise<Notice[]> {
  const names = await plotsRepo.namesOfPlots(
    tx,
    notices.map((notice) => notice.plotId),
  )
  return Promise.all(
    notices.map(async (notice) => {
      const tenants = await Promise.all(
        noticesRepo.noticeTenants(notice).map(async (id) => {
          const person = await peopleRepo.findPerson(tx, id)
          return person ? fullName(person) : id
        }),
      )
      const { inspectionId: _, ...shown } = notice
      return {
        ...shown,
        plotName: names.get(notice.plotId) ?? notice.plotId,
        tenants,
        reinspectionDue: reinspectionDue(notice, today),
      }
    }),
  )
}

/** The scope's notices running, and those closed in the last 90 days, newest first. */
export async function listNotices({ db, clock }: Inspections, scope: SiteScope): Promise<Notice[]> {
  const rows = await noticesRepo.listNotices(db.kysely, scope, addDays(clock.today(), -90))
  return describeNotices(db.kysely, rows, clock.today())
}
