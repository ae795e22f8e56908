import { z } from 'zod'
import { nextStillWantDate } from '#shared/domain/letting'
import { copiesForOne, dearName, fullName } from '#shared/domain/message-copies'
import { addDays } from '#shared/domain/rent'
import { offerMessages } from '#shared/offer-messages'
import type { LapsedPerson, StoredLettingSettings } from '#shared/schemas/letting'
import { associationDetails } from '#server/core/db/association-settings'
import { insertInBatches } from '#server/core/db/insert-in-batches'
import { writeTransaction, type ReadTx, type WriteTx } from '#server/core/db/write-transaction'
import { badRequest, unprocessable } from '#server/core/errors'
import type { OutgoingCopy } from '#server/core/email/copies'
import { deadlineAt, doubling, type JobKind } from '#server/core/jobs/runner'
import { recordKey, writeLog } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { requirePerson, updatePerson } from '#server/features/people/sql'
import { PUBLIC, SYSTEM, todayOf, type Letting } from '#server/features/letting/context'
import { lettingSettings } from '#server/features/letting/settings'
import { recordWaitingListEvent, recordWaitingListEvents } from '#server/features/people/waiting-list-sql'
import { hashOf, linkTo, newToken } from '#server/features/letting/tokens'

// Staying on the list: once a year, on the day the settings name, everyone on the waiting list is
// asked whether they still want a plot, with a link to say so (or by letter, to tell the
// committee). The day after the last day to answer, those who have not are lapsed: off the list,
// their place kept, so the committee can restore them to it. Each year's round runs once (one
// row per year) and stores the next year's job; the settings store the first.

const LOCK = 'still-want'
type RoundJob = { date: string }

const retrying = { maxAttempts: 10, backOffMs: doubling(60_000, 3_600_000) }

export function stillWantJobs(letting: Letting) {
  const round: JobKind<RoundJob> = {
    kind: 'still-want-round',
    payload: z.object({ date: z.string() }),
    ...retrying,
    run: ({ date }) => askTheList(letting, round, close, date),
  }
  const close: JobKind<{ roundId: number }> = {
    kind: 'still-want-close',
    payload: z.object({ roundId: z.number().int() }),
    ...retrying,
    run: ({ roundId }) => lapseUnanswered(letting, close, roundId),
  }
  /** Stores the job for the next date the settings name (settings saved, or a round done). */
  async function scheduleNext(tx: WriteTx, settings: StoredLettingSettings, after: string) {
    const date = nextStillWantDate(after, settings.stillWantDate)
    if (date) await letting.jobs.enqueue(tx, round, { date }, deadlineAt(date))
  }
  return { round, close, scheduleNext }
}

async function askTheList(
  letting: Letting,
  round: JobKind<RoundJob>,
  close: JobKind<{ roundId: number }>,
  date: string,
) {
  const { db, config, copies, jobs } = letting
  await writeTransaction(
    db,
    async (tx) => {
      const settings = await lettingSettings(tx)
      // A date the settings no longer name, or a year already asked: nothing to do.
      if (settings.stillWantDate !== date.slice(5)) return
      const year = date.slice(0, 4)
      if (
        await tx
          .selectFrom('still_want_rounds')
          .select('id')
          .where('year', '=', year)
          .executeTakeFirst()
      )
        return
      const today = todayOf(letting)
      const closesOn = addDays(today, settings.stillWantDays)
      const { id: roundId } = await tx
        .insertInto('still_want_rounds')
        .values({ year, askedOn: today, closesOn, closedAt: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      const people = await tx
        .selectFrom('people')
        .selectAll()
        .where('onWaitingList', '=', 1)
        .orderBy('id')
        .execute()
      const association = (await associationDetails(tx, config)).name
      const copiesOut: OutgoingCopy[] = []
      const answers = []
      for (const person of people) {
        const token = newToken()
        answers.push({ roundId, personId: person.id, tokenHash: hashOf(token), answeredAt: null })
        const name = dearName(person)
        const link = linkTo(config, `/letting/answer?token=${token}`)
        copiesOut.push(
          ...copiesForOne(person, offerMessages.stillWantSubject, (channel) =>
            channel === 'email'
              ? offerMessages.stillWantEmail(name, closesOn, link, association)
              : offerMessages.stillWantLetter(name, closesOn, association),
          ),
        )
      }
      await insertInBatches(tx, 'still_want_answers', answers)
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
      await jobs.enqueue(tx, close, { roundId }, deadlineAt(addDays(closesOn, 1)))
      const next = `${Number(year) + 1}-${settings.stillWantDate}`
      await jobs.enqueue(tx, round, { date: next }, deadlineAt(next))
      await writeLog(
        tx,
        {
          methodName: 'askStillWant',
          eventCollection: 'people',
          docId: `still-want-${year}`,
          userName: SYSTEM,
        },
        { year, closesOn, asked: people.length },
      )
    },
    [LOCK],
  )
  jobs.wake()
}

async function lapseUnanswered(
  letting: Letting,
  close: JobKind<{ roundId: number }>,
  roundId: number,
) {
  const { db, jobs } = letting
  await writeTransaction(
    db,
    async (tx) => {
      const round = await tx
        .selectFrom('still_want_rounds')
        .selectAll()
        .where('id', '=', roundId)
        .executeTakeFirst()
      if (!round || round.closedAt) return
      const lapsesOn = addDays(round.closesOn, 1)
      if (todayOf(letting) < lapsesOn)
        return void (await jobs.enqueue(tx, close, { roundId }, deadlineAt(lapsesOn)))
      // One statement for the whole list: off it, a plot holder only with a plot; their place kept.
      const lapsed = (
        await tx
          .updateTable('people')
          .set((eb) => ({
            onWaitingList: 0,
            isPlotHolder: eb
              .case()
              .when(
                eb.exists(
                  eb
                    .selectFrom('tenancy')
                    .select('tenancy.plotId')
                    .whereRef('tenancy.personId', '=', 'people.id'),
                ),
              )
              .then(eb.lit(1))
              .else(eb.lit(0))
              .end(),
            version: eb('version', '+', 1),
          }))
          .where('onWaitingList', '=', 1)
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('still_want_answers')
              .select('still_want_answers.personId')
              .where('still_want_answers.roundId', '=', roundId)
              .where('still_want_answers.answeredAt', 'is', null),
          )
          .returning('id')
          .execute()
      )
        .map((row) => row.id)
        .sort()
      await recordWaitingListEvents(
        tx,
        lapsed,
        'lapsed',
        offerMessages.lapsedReason(round.closesOn),
        SYSTEM,
      )
      await tx
        .updateTable('still_want_answers')
        .set({ tokenHash: null })
        .where('roundId', '=', roundId)
        .execute()
      await tx
        .updateTable('still_want_rounds')
        .set({ closedAt: jobs.clock().toISOString() })
        .where('id', '=', roundId)
        .execute()
      await writeLog(
        tx,
        {
          methodName: 'lapseWaitingList',
          eventCollection: 'people',
          docId: `still-want-${round.year}`,
          userName: SYSTEM,
        },
        { lapsed },
      )
    },
    [LOCK],
  )
}

/** The still-want answer a link's token stands for, while its round is open. */
export async function stillWantOfToken(tx: ReadTx, token: string) {
  return tx
    .selectFrom('still_want_answers')
    .innerJoin('still_want_rounds', 'still_want_rounds.id', 'still_want_answers.roundId')
    .select([
      'still_want_answers.id',
      'still_want_answers.personId',
      'still_want_rounds.closesOn',
      'still_want_rounds.year',
    ])
    .where('still_want_answers.tokenHash', '=', hashOf(token))
    .where('still_want_rounds.closedAt', 'is', null)
    .executeTakeFirst()
}

/** The person says, through their link, that they still want a plot: single-use. */
export async function stayOnList(letting: Letting, token: string): Promise<{ closesOn: string }> {
  return writeTransaction(
    letting.db,
    async (tx) => {
      const answer = await stillWantOfToken(tx, token)
      if (!answer) throw badRequest(offerMessages.linkUnusable)
      await tx
        .updateTable('still_want_answers')
        .set({ answeredAt: letting.jobs.clock().toISOString(), tokenHash: null })
        .where('id', '=', answer.id)
        .execute()
      await writeLog(
        tx,
        {
          methodName: 'stillWantPlot',
          eventCollection: 'people',
          docId: answer.personId,
          userName: PUBLIC,
        },
        { year: answer.year },
      )
      return { closesOn: answer.closesOn }
    },
    [LOCK],
  )
}

/** Those whose last change of place was lapsing, and who are still off the list: to restore. */
export async function lapsedPeople(tx: ReadTx): Promise<LapsedPerson[]> {
  const rows = await tx
    .selectFrom('waiting_list_events as lapsed')
    .innerJoin('people', 'people.id', 'lapsed.personId')
    .select(['people.id', 'people.firstName', 'people.lastName', 'lapsed.createdAt'])
    .where('lapsed.event', '=', 'lapsed')
    .where('people.onWaitingList', '=', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('waiting_list_events as later')
            .select('later.id')
            .whereRef('later.personId', '=', 'lapsed.personId')
            .whereRef('later.id', '>', 'lapsed.id'),
        ),
      ),
    )
    .orderBy('lapsed.id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    name: fullName(row),
    lapsedOn: row.createdAt.slice(0, 10),
  }))
}

/** The committee puts a lapsed person back on the list, in the place they had. */
export function restoreToList(letting: Letting, viewer: Viewer, personId: string) {
  return writeTransaction(
    letting.db,
    async (tx) => {
      const person = await requirePerson(tx, personId)
      const last = await tx
        .selectFrom('waiting_list_events')
        .select('event')
        .where('personId', '=', personId)
        .orderBy('id', 'desc')
        .executeTakeFirst()
      if (person.onWaitingList || last?.event !== 'lapsed')
        throw unprocessable(offerMessages.notLapsed)
      const restored = await updatePerson(tx, {
        ...person,
        onWaitingList: true,
        isPlotHolder: false,
      })
      await recordWaitingListEvent(
        tx,
        personId,
        'restored',
        offerMessages.restoredReason,
        viewer.userName,
      )
      await writeLog(
        tx,
        {
          methodName: 'restoreToWaitingList',
          eventCollection: 'people',
          docId: personId,
          userName: viewer.userName,
        },
        restored,
      )
      return restored
    },
    [recordKey('people', personId)],
  )
}
