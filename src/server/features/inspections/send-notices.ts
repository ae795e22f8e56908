import { longDate } from '#shared/domain/dates'
import {
  latestByPlot,
  nextNoticeStep,
  noticeDeadline,
  yearsBefore,
  type NoticeStage,
} from '#shared/domain/inspections'
import type { MergeValues } from '#shared/domain/merge-fields'
import {
  copiesForOne,
  filledLetter,
  firstPersonsCopies,
  fullName,
  personValues,
  reachOf,
  type Copy,
} from '#shared/domain/message-copies'
import { comparePlotIds } from '#shared/domain/plots'
import { inspectionMessages } from '#shared/messages/inspections'
import type {
  Inspection,
  InspectionSettings,
  NoticesPreview,
  NoticesSent,
  Round,
} from '#shared/schemas/inspections'
import type { Person } from '#shared/schemas/person'
import { confirmationOf } from '#server/core/confirmation'
import { associationDetails, type AssociationDetails } from '#server/core/db/association-settings'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { conflict } from '#server/core/errors'
import {
  loggedWrite,
  refusalsBeyondScopeLogged,
  recordKey,
  type LogEntry,
  type LoggedChange,
} from '#server/core/logged-change'
import type { SiteScope } from '#server/core/site-scope'
import type { Db } from '#server/core/db/database'
import type { Viewer } from '#server/core/viewer'
import { noticeAttachment, type Inspections } from '#server/features/inspections/context'
import { plotChange, scheduleDeadline, stopChain } from '#server/features/inspections/notices'
import * as noticesRepo from '#server/features/inspections/notices-sql'
import { requireRound } from '#server/features/inspections/rounds'
import { inspectionSettingsForSite } from '#server/features/inspections/settings'
import * as inspectionsRepo from '#server/features/inspections/sql'
import * as peopleRepo from '#server/features/people/sql'
import * as plotsRepo from '#server/features/plots/sql'

// Send notices, after a round (issue 32): for each plot of the round, by its latest grade, the next
// step of its chain. Nothing is sent unseen (issue 44): the committee first sees what it would do,
// how many people it reaches and how, and the first notice as its tenant will read it; the send
// carries that preview's confirmation and goes ahead only if it would still do exactly that.

type NoticeRow = noticesRepo.NoticeRow

/** A notice Send notices would send: to the plot's tenants, with their copies filled in. */
interface PlannedNotice {
  record: Inspection
  stage: NoticeStage
  deadline: string
  tenants: Person[]
  /** The running notice it follows, closed as escalated. */
  replaces: NoticeRow | undefined
  copies: Copy[]
}

/** What Send notices would do to one plot of the round. */
interface PlotPlan {
  plotId: string
  /** A chain sent to tenants none of whom holds the plot now: it stops. */
  stops: NoticeRow | undefined
  outcome:
    | { kind: 'send'; notice: PlannedNotice }
    | { kind: 'complied'; open: NoticeRow }
    | { kind: 'wait' | 'vacant' | 'none' }
}

/** The letter's merge fields for one tenant. */
function letterValues(
  person: Person,
  association: AssociationDetails,
  found: { plotName: string; grade: string; cultivated: number; notes: string; roundDate: string },
  stage: NoticeStage,
  deadline: string,
): MergeValues {
  return {
    ...personValues(person, association),
    plot: found.plotName,
    grade: found.grade,
    cultivated: `${found.cultivated}%`,
    findings: found.notes,
    inspectedOn: longDate(found.roundDate),
    putRightBy: stage === 'quit' ? '' : longDate(deadline),
    tenancyEndsOn: stage === 'quit' ? longDate(deadline) : '',
  }
}

/** The letters of a notice, each tenant's filled in, one copy for each way they are reached. */
function noticeCopies(
  letter: InspectionSettings['letters'][NoticeStage],
  association: AssociationDetails,
  round: Round,
  { record, stage, deadline, tenants }: Omit<PlannedNotice, 'copies' | 'replaces'>,
  plotName: string,
): Copy[] {
  const found = { ...record, plotName, roundDate: round.date }
  return tenants.flatMap((person) => {
    const values = letterValues(person, association, found, stage, deadline)
    const { subject, body } = filledLetter(letter, values)
    return copiesForOne(person, subject, () => body)
  })
}

/**
 * What Send notices would do to each of the plots (those of the round's records, in plot order),
 * read and changing nothing: the same plan is previewed and, in the send's write, carried out.
 */
async function planNotices(
  tx: ReadTx,
  { config }: Inspections,
  round: Round,
  today: string,
  plotIds: readonly string[],
): Promise<PlotPlan[]> {
  const settings = await inspectionSettingsForSite(tx, round.siteId)
  const association = await associationDetails(tx, config)
  const needsNotice = new Set(settings.grades.filter((g) => g.needsNotice).map((g) => g.name))
  const since = yearsBefore(round.date, settings.repeat.years)
  const records = latestByPlot(await inspectionsRepo.roundInspections(tx, round.id))
  const plans: PlotPlan[] = []
  for (const plotId of plotIds) {
    const record = records.get(plotId)
    const plot = await plotsRepo.findPlot(tx, plotId)
    if (!record || !plot) continue
    let open = await noticesRepo.openNoticeOf(tx, plotId)
    // A chain belongs to the tenants it was sent to: once none of them holds the plot, it stops.
    const stops =
      open && !noticesRepo.noticeTenants(open).some((id) => plot.tenants.includes(id))
        ? open
        : undefined
    if (stops) open = undefined
    const step = nextNoticeStep(
      { needsNotice: needsNotice.has(record.grade), roundDate: round.date },
      open && { stage: open.stage, deadline: open.deadline, paused: open.pausedOn !== null },
      await noticesRepo.improvementsSince(tx, plotId, since),
      settings,
    )
    const plan = (outcome: PlotPlan['outcome']) => plans.push({ plotId, stops, outcome })
    if (step.kind === 'complied' && open) plan({ kind: 'complied', open })
    else if (step.kind !== 'send') plan({ kind: step.kind === 'wait' ? 'wait' : 'none' })
    else if (plot.tenants.length === 0) plan({ kind: 'vacant' })
    else {
      const tenants = await Promise.all(plot.tenants.map((id) => peopleRepo.requirePerson(tx, id)))
      const notice = {
        record,
        stage: step.stage,
        deadline: noticeDeadline(step.stage, today, settings),
        tenants,
      }
      const letter = settings.letters[step.stage]
      const copies = noticeCopies(letter, association, round, notice, plot.name)
      plan({ kind: 'send', notice: { ...notice, replaces: open, copies } })
    }
  }
  return plans
}

const noticesOf = (plans: readonly PlotPlan[]) =>
  plans.flatMap(({ outcome }) => (outcome.kind === 'send' ? [outcome.notice] : []))
const plotsWhere = (plans: readonly PlotPlan[], kind: PlotPlan['outcome']['kind']) =>
  plans.filter((plan) => plan.outcome.kind === kind).map((plan) => plan.plotId)

/** What a plan does, plot by plot: what its preview says it would do, and its send that it did. */
const outcomeOf = (plans: readonly PlotPlan[]): NoticesSent => ({
  sent: noticesOf(plans).map(({ record, stage }) => ({ plotId: record.plotId, stage })),
  complied: plotsWhere(plans, 'complied'),
  waiting: plotsWhere(plans, 'wait'),
  vacant: plotsWhere(plans, 'vacant'),
})

/**
 * The preview of a plan: the notices and the plots put right, waiting or vacant, how many people
 * the notices reach and how, and the first notice as its first tenant will have it. Its
 * confirmation also covers who gets which copy, each notice's deadline and the chains it stops.
 */
function previewOf(plans: readonly PlotPlan[]): Omit<NoticesPreview, 'mailServer'> {
  const notices = noticesOf(plans)
  const first = notices[0]
  const { sent, ...otherPlots } = outcomeOf(plans)
  const shown = {
    notices: sent,
    ...otherPlots,
    ...reachOf(notices.flatMap((notice) => notice.copies)),
    sample: first
      ? {
          plotId: first.record.plotId,
          stage: first.stage,
          name: fullName(first.tenants[0]!),
          copies: firstPersonsCopies(first.copies),
        }
      : null,
  }
  const to = notices.map((notice) => [
    notice.record.id,
    notice.deadline,
    notice.copies.map((copy) => [copy.personId, copy.channel, copy.recipient]),
  ])
  const stops = plans.flatMap((plan) => (plan.stops ? [plan.stops.id] : []))
  return { ...shown, confirmation: confirmationOf({ shown, to, stops }) }
}

/** The plots of the round's records, in plot order. */
const gradedPlots = async (tx: ReadTx, roundId: number) =>
  [...latestByPlot(await inspectionsRepo.roundInspections(tx, roundId)).keys()].sort(comparePlotIds)

/** What Send notices would do now, sending and changing nothing, and the confirmation it needs. */
export async function previewNotices(
  inspections: Inspections,
  scope: SiteScope,
  roundId: number,
): Promise<NoticesPreview> {
  const { db, clock, mailer } = inspections
  const round = await requireRound(db.kysely, scope, roundId)
  const plotIds = await gradedPlots(db.kysely, roundId)
  const plans = await planNotices(db.kysely, inspections, round, clock.today(), plotIds)
  return { ...previewOf(plans), mailServer: mailer.kind === 'smtp' }
}

interface Sending {
  tx: WriteTx
  log: LogEntry
  round: Round
  today: string
  userName: string
}

/** One notice to the plot's tenants: stored, its letters and e-mails queued, its job stored. */
async function sendNotice(inspections: Inspections, sending: Sending, planned: PlannedNotice) {
  const { tx, log, round, today, userName } = sending
  const { record, stage, deadline, tenants, replaces } = planned
  if (replaces) await noticesRepo.closeNotice(tx, replaces.id, 'escalated', today)
  const notice = await noticesRepo.insertNotice(tx, {
    plotId: record.plotId,
    stage,
    reason: 'inspection',
    roundId: round.id,
    inspectionId: record.id,
    invoiceId: null,
    tenants: tenants.map((person) => person.id),
    sentOn: today,
    deadline,
    createdBy: userName,
  })
  await inspections.copies.queue(
    tx,
    {
      subject: inspectionMessages.noticesBatch(round.date),
      body: inspectionMessages.noticesBatch(round.date),
      audience: inspectionMessages.noticesAudience(round.date),
      createdBy: userName,
      key: `inspection-notices:${round.id}`,
      sites: [round.siteId],
    },
    planned.copies.map((copy) => ({ ...copy, attachment: noticeAttachment(notice.id) })),
  )
  await scheduleDeadline(inspections, tx, notice.id, deadline)
  log(plotChange('sendInspectionNotice', record.plotId, userName, round.siteId), {
    noticeId: notice.id,
    stage,
    deadline,
    roundId: round.id,
    tenants: tenants.map((person) => person.id),
    ...(replaces ? { replaces: replaces.id } : {}),
  })
}

/**
 * The round whose notices are sent: 404 when there is none; 403 when it is of a site beyond the
 * scope, the attempt logged as a refused change is, naming the round's site.
 */
async function requireRoundToSend(db: Db, viewer: Viewer, scope: SiteScope, roundId: number) {
  const change: LoggedChange = {
    methodName: 'sendInspectionNotices',
    eventCollection: 'inspection_rounds',
    docId: String(roundId),
    userName: viewer.userName,
  }
  return refusalsBeyondScopeLogged(db, change, { roundId }, () =>
    requireRound(db.kysely, scope, roundId, change),
  )
}

/**
 * Send notices, as its preview showed it (`confirmation`, 409 when it would now do otherwise): each
 * plot's next notice sent, chains put right closed, chains of plots that changed hands stopped.
 * Sent twice, the second finds every notice within its deadline and sends nothing.
 */
export async function sendNotices(
  inspections: Inspections,
  viewer: Viewer,
  scope: SiteScope,
  roundId: number,
  confirmation: string,
): Promise<NoticesSent> {
  const { db, clock } = inspections
  const round = await requireRoundToSend(db, viewer, scope, roundId)
  // The plots graded, read first to lock them; their records are read again under the locks.
  const plotIds = await gradedPlots(db.kysely, roundId)
  return loggedWrite(
    db,
    [
      recordKey('inspection_rounds', String(roundId)),
      ...plotIds.map((id) => recordKey('plots', id)),
    ],
    async (tx, log) => {
      const today = clock.today()
      const plans = await planNotices(tx, inspections, round, today, plotIds)
      if (previewOf(plans).confirmation !== confirmation)
        throw conflict(inspectionMessages.noticesChanged)
      const sending: Sending = { tx, log, round, today, userName: viewer.userName }
      for (const { plotId, stops, outcome } of plans) {
        if (stops) await stopChain(tx, log, stops, today, viewer.userName, round.siteId)
        if (outcome.kind === 'complied') {
          await noticesRepo.closeNotice(tx, outcome.open.id, 'complied', today)
          log(plotChange('inspectionNoticeComplied', plotId, viewer.userName, round.siteId), {
            noticeId: outcome.open.id,
            roundId,
          })
        }
        if (outcome.kind === 'send') await sendNotice(inspections, sending, outcome.notice)
      }
      return outcomeOf(plans)
    },
  )
}
