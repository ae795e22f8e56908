import { z } from 'zod'
import { nextStillWantDate } from '#shared/domain/letting'
import { copiesForOne, dearName } from '#shared/domain/message-copies'
import { addDays } from '#shared/domain/rent'
import { offerMessages } from '#shared/messages/offers'
import type { StoredLettingSettings } from '#shared/schemas/letting'
import { associationDetails } from '#server/core/db/association-settings'
import type { WriteTx } from '#server/core/db/write-transaction'
import { deadlineAt, doubling, type JobKind } from '#server/core/jobs/runner'
import { loggedWrite, SYSTEM, type LogEntry } from '#server/core/logged-change'
import { contactDetails } from '#server/features/people/sql'
import {
  recordWaitingListEvents,
  takeOffWaitingList,
} from '#server/features/people/waiting-list-sql'
import type { Letting } from '#server/features/letting/context'
import { lettingSettings } from '#server/features/letting/settings'
import {
  closeRound,
  insertAnswers,
  insertRound,
  roundById,
  unanswered,
  yearAsked,
} from '#server/features/letting/still-want-sql'
import { hashOf, linkTo, newToken } from '#server/core/link-tokens'

// Staying on the list: once a year, on the day the settings name, everyone on the waiting list is
// asked whether they still want a plot, with a link to say so (stay-on-list.ts), or by letter, to
// tell the committee. The day after the last day to answer, those who have not are lapsed: off
// the list, their place kept, so the committee can restore them to it (restore-to-list.ts). Each
// year's round runs once (one row per year) and stores the next year's job; the settings store
// the first.

/** The lock every change of the yearly question takes. */
export const STILL_WANT_LOCK = 'still-want'
type RoundJob = { date: string }
type CloseJob = { roundId: number }

const retrying = { maxAttempts: 10, backOffMs: doubling(60_000, 3_600_000) }

export function stillWantJobs(letting: Letting) {
  const round: JobKind<RoundJob> = {
    kind: 'still-want-round',
    payload: z.object({ date: z.string() }),
    ...retrying,
    run: ({ date }) => askTheList(letting, round, close, date),
  }
  const close: JobKind<CloseJob> = {
    kind: 'still-want-close',
    payload: z.object({ roundId: z.number().int() }),
    ...retrying,
    run: ({ roundId }) => lapseUnanswered(letting, close, roundId),
  }
  /** Stores the job for the next date the settings name, from today (the settings saved). */
  async function scheduleNext(tx: WriteTx, settings: StoredLettingSettings) {
    const date = nextStillWantDate(letting.clock.today(), settings.stillWantDate)
    if (date) await letting.jobs.enqueue(tx, round, { date }, deadlineAt(date))
  }
  return { round, close, scheduleNext }
}

const roundChange = (methodName: string, year: string) => ({
  methodName,
  eventCollection: 'people',
  docId: `still-want-${year}`,
  userName: SYSTEM,
})

async function askTheList(
  letting: Letting,
  round: JobKind<RoundJob>,
  close: JobKind<CloseJob>,
  date: string,
) {
  const { db, jobs } = letting
  await loggedWrite(db, [STILL_WANT_LOCK], async (tx, log) => {
    const settings = await lettingSettings.read(tx)
    // A date the settings no longer name, or a year already asked: nothing to do.
    if (settings.stillWantDate !== date.slice(5)) return
    const year = date.slice(0, 4)
    if (await yearAsked(tx, year)) return
    const today = letting.clock.today()
    const closesOn = addDays(today, settings.stillWantDays)
    const roundId = await insertRound(tx, { year, askedOn: today, closesOn })
    const asked = await askEveryone(letting, tx, roundId, year, closesOn)
    await jobs.enqueue(tx, close, { roundId }, deadlineAt(addDays(closesOn, 1)))
    const next = `${Number(year) + 1}-${settings.stillWantDate}`
    await jobs.enqueue(tx, round, { date: next }, deadlineAt(next))
    log(roundChange('askStillWant', year), { year, closesOn, asked })
  })
  jobs.wake()
}

/** Everyone on the list gets the question, with their own link; how many were asked. */
async function askEveryone(
  { config, copies }: Letting,
  tx: WriteTx,
  roundId: number,
  year: string,
  closesOn: string,
): Promise<number> {
  // In nickname order, as the round's answers have always been stored.
  const people = (await contactDetails(tx, 'waitinglist')).sort((a, b) =>
    a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  )
  const association = (await associationDetails(tx, config)).name
  const answers = people.map((person) => ({ person, token: newToken() }))
  await insertAnswers(
    tx,
    answers.map(({ person, token }) => ({
      roundId,
      personId: person.id,
      tokenHash: hashOf(token),
      answeredAt: null,
    })),
  )
  const copiesOut = answers.flatMap(({ person, token }) => {
    const name = dearName(person)
    const link = linkTo(config, `/letting/answer?token=${token}`)
    return copiesForOne(person, offerMessages.stillWantSubject, (channel) =>
      channel === 'email'
        ? offerMessages.stillWantEmail(name, closesOn, link, association)
        : offerMessages.stillWantLetter(name, closesOn, association),
    )
  })
  if (copiesOut.length > 0)
    await copies.queue(
      tx,
      {
        subject: offerMessages.stillWantBatch(year),
        body: offerMessages.stillWantBatch(year),
        audience: offerMessages.stillWantAudience,
        createdBy: SYSTEM,
      },
      copiesOut,
    )
  return people.length
}

async function lapseUnanswered(letting: Letting, close: JobKind<CloseJob>, roundId: number) {
  const { db, jobs, clock } = letting
  await loggedWrite(db, [STILL_WANT_LOCK], async (tx, log: LogEntry) => {
    const round = await roundById(tx, roundId)
    if (!round || round.closedAt) return
    const lapsesOn = addDays(round.closesOn, 1)
    if (clock.today() < lapsesOn)
      return void (await jobs.enqueue(tx, close, { roundId }, deadlineAt(lapsesOn)))
    // Off the list, a plot holder only with a plot; their place kept.
    const lapsed = (await takeOffWaitingList(tx, await unanswered(tx, roundId))).sort()
    await recordWaitingListEvents(
      tx,
      lapsed,
      'lapsed',
      offerMessages.lapsedReason(round.closesOn),
      SYSTEM,
      clock.now(),
    )
    await closeRound(tx, roundId, clock.now())
    log(roundChange('lapseWaitingList', round.year), { lapsed })
  })
}
