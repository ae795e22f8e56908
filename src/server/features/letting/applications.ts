import { randomInt } from 'node:crypto'
import { z } from 'zod'
import { lettingMessages } from '#shared/letting-messages'
import { waitingListMessages } from '#shared/waiting-list-messages'
import { dearName } from '#shared/domain/message-copies'
import { blankPerson } from '#shared/domain/people'
import type { Application, Place } from '#shared/schemas/letting'
import { associationDetails } from '#server/core/db/association-settings'
import type { Db } from '#server/core/db/database'
import {
  lockRecords,
  writeTransaction,
  type ReadTx,
  type WriteTx,
} from '#server/core/db/write-transaction'
import { badRequest, notFound } from '#server/core/errors'
import { doubling, type JobKind } from '#server/core/jobs/runner'
import { writeLog } from '#server/core/logged-change'
import { insertPerson, nicknameTaken } from '#server/features/people/sql'
import { PUBLIC, SYSTEM, type Letting } from '#server/features/letting/context'
import { placeOnList, recordWaitingListEvent } from '#server/features/people/waiting-list-sql'
import { hashOf, linkTo as link, newToken } from '#server/features/letting/tokens'

// Applying for a plot from the public site. An application joins the waiting list only once its
// e-mail address is confirmed through a link sent to it: the link's token is random, kept only as
// a hash, good for 7 days and once. The reference (8 letters and digits, without look-alikes)
// and the e-mail address together find one's place; neither alone does.
//
// Nobody learns from the answer whether an address is known: every application is answered
// alike. Applying again before the address is confirmed sends a fresh link (the old one stops
// working), so an address someone else applied with is never blocked; an application nobody
// confirms is deleted by a job when its link's life ends; and when the address is already on
// record (a person, or a confirmed application), its owner is told by e-mail and nothing is kept.

const TOKEN_DAYS = 7
const CONFIRM_BATCH = 'applications-confirm'
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

const randomReference = () =>
  Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')

// Letters and digits of the name, lower-case: "Zoë O'Neill" → "zoëo".
function nicknameBase(application: Pick<Application, 'firstName' | 'lastName'>) {
  const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{Nd}]/gu, '')
  return (
    (letters(application.firstName) + letters(application.lastName).slice(0, 1)).slice(0, 30) ||
    'applicant'
  )
}

// A nickname no person and no other application (than `renewing`, applied for again) has: the
// name's, then with 2, 3, ….
async function freeNickname(tx: ReadTx, base: string, renewing?: number): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`
    let pending = tx
      .selectFrom('applications')
      .select('id')
      .where('nickname', '=', candidate)
      .where('confirmedAt', 'is', null)
    if (renewing !== undefined) pending = pending.where('id', '!=', renewing)
    if (!(await pending.executeTakeFirst()) && !(await nicknameTaken(tx, candidate)))
      return candidate
  }
}

async function newReference(tx: ReadTx): Promise<string> {
  for (;;) {
    const reference = randomReference()
    if (
      !(await tx
        .selectFrom('applications')
        .select('id')
        .where('reference', '=', reference)
        .executeTakeFirst())
    )
      return reference
  }
}

/** Who already has the address: a person on record, or a confirmed application. */
async function ownerOf(tx: ReadTx, email: string) {
  const person = await tx
    .selectFrom('people')
    .select(['id', 'firstName', 'lastName'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst()
  if (person) return { personId: person.id, name: dearName(person), collection: 'people' }
  const application = await tx
    .selectFrom('applications')
    .select(['nickname', 'firstName'])
    .where('email', '=', email)
    .where('confirmedAt', 'is not', null)
    .executeTakeFirst()
  return (
    application && {
      personId: application.nickname,
      name: application.firstName,
      collection: 'applications',
    }
  )
}

type Owner = NonNullable<Awaited<ReturnType<typeof ownerOf>>>

// Registration answers a taken e-mail address as it answers a new one, and logs the clash for the
// committee (accounts/service.ts); so does applying, and the address's owner hears of it, with
// the way to their place on the list.
async function tellOwner({ config, copies }: Letting, tx: WriteTx, owner: Owner, email: string) {
  const association = await associationDetails(tx, config)
  const subject = lettingMessages.addressKnownSubject
  await copies.queue(
    tx,
    {
      subject,
      body: subject,
      audience: lettingMessages.applicants,
      createdBy: PUBLIC,
      key: 'applications-known',
    },
    [
      {
        personId: owner.personId,
        channel: 'email',
        recipient: email,
        subject,
        body: lettingMessages.addressKnownText(
          owner.name,
          link(config, '/apply/position'),
          association.name,
        ),
      },
    ],
  )
  await writeLog(
    tx,
    {
      methodName: 'applyForPlot',
      eventCollection: owner.collection,
      docId: owner.personId,
      userName: PUBLIC,
    },
    { told: owner.personId },
    { message: lettingMessages.addressKnownLogged },
  )
}

/** Deletes an application nobody confirmed once its link has expired, when its job comes. */
export function applicationExpiryJob(letting: Letting): JobKind<{ applicationId: number }> {
  return {
    // Migration 016 stores this kind's jobs for the applications kept before it: keep the two alike.
    kind: 'application-expiry',
    payload: z.object({ applicationId: z.number().int() }),
    maxAttempts: 10,
    backOffMs: doubling(60_000, 3_600_000),
    run: ({ applicationId }) => forgetUnconfirmed(letting, applicationId),
  }
}

// The application goes with its personal data: the row, and the copies of the confirmation
// e-mails sent to the address (the name, and a listing under a nickname a later person may take).
// One confirmed meanwhile stays, as does one applied for again (whose own job comes later).
async function forgetUnconfirmed({ db, jobs }: Letting, applicationId: number): Promise<void> {
  await writeTransaction(
    db,
    async (tx) => {
      const application = await tx
        .selectFrom('applications')
        .select(['email', 'reference'])
        .where('id', '=', applicationId)
        .executeTakeFirst()
      if (!application) return
      // As applying does, so that an application made again at this moment is not lost.
      await lockRecords(db, tx, [`applications:${application.email}`])
      const deleted = await tx
        .deleteFrom('applications')
        .where('id', '=', applicationId)
        .where('confirmedAt', 'is', null)
        .where('tokenExpiresAt', '<=', jobs.clock().toISOString())
        .executeTakeFirst()
      if (deleted.numDeletedRows === 0n) return
      await tx
        .deleteFrom('messages')
        .where('recipient', '=', application.email)
        .where('batchId', 'in', (eb) =>
          eb.selectFrom('message_batches').select('id').where('key', '=', CONFIRM_BATCH),
        )
        .execute()
      await writeLog(
        tx,
        {
          methodName: 'deleteUnconfirmedApplication',
          eventCollection: 'applications',
          docId: application.reference,
          userName: SYSTEM,
        },
        { reference: application.reference },
      )
    },
    // Confirming takes this lock too: a link followed at its last moment wins, or finds nothing.
    ['applications:confirm'],
  )
}

/**
 * Stores the application, or renews the unconfirmed one with this address, and queues the e-mail
 * with its confirmation link; for an address already on record, tells its owner instead.
 */
export async function applyForPlot(letting: Letting, input: Application): Promise<void> {
  const { db, config, copies, jobs } = letting
  // A script filled in the field people never see: answered like anyone, and nothing is kept.
  if (input.website !== '') return
  const token = newToken()
  await writeTransaction(
    db,
    async (tx) => {
      const owner = await ownerOf(tx, input.email)
      if (owner) return tellOwner(letting, tx, owner, input.email)
      const now = jobs.clock()
      const pending = await tx
        .selectFrom('applications')
        .select(['id', 'reference'])
        .where('email', '=', input.email)
        .executeTakeFirst()
      const nickname = await freeNickname(tx, nicknameBase(input), pending?.id)
      const expiresAt = new Date(now.getTime() + TOKEN_DAYS * 86_400_000)
      // Applied for again: the latest details and a fresh link replace the old, which stops working.
      const details = {
        nickname,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        address: input.address,
        note: input.note,
        tokenHash: hashOf(token),
        tokenExpiresAt: expiresAt.toISOString(),
        createdAt: now.toISOString(),
      }
      if (pending)
        await tx.updateTable('applications').set(details).where('id', '=', pending.id).execute()
      const { id: applicationId, reference } =
        pending ??
        (await tx
          .insertInto('applications')
          .values({ ...details, reference: await newReference(tx), email: input.email })
          .returning(['id', 'reference'])
          .executeTakeFirstOrThrow())
      await jobs.enqueue(tx, applicationExpiryJob(letting), { applicationId }, expiresAt)
      const association = await associationDetails(tx, config)
      const subject = lettingMessages.confirmSubject
      await copies.queue(
        tx,
        {
          subject,
          body: subject,
          audience: lettingMessages.applicants,
          createdBy: PUBLIC,
          key: CONFIRM_BATCH,
        },
        [
          {
            personId: nickname,
            channel: 'email',
            recipient: input.email,
            subject,
            body: lettingMessages.confirmText(
              input.firstName,
              link(config, `/apply/confirm?token=${token}`),
              association.name,
            ),
          },
        ],
      )
      await writeLog(
        tx,
        {
          methodName: 'applyForPlot',
          eventCollection: 'applications',
          docId: reference,
          userName: PUBLIC,
        },
        { reference, nickname, ...(pending ? { again: true } : {}) },
      )
    },
    // One application per address, even when two arrive at once.
    [`applications:${input.email}`],
  )
}

/** Follows the link: the applicant joins the waiting list today, and hears their reference. */
export function confirmApplication(
  { db, config, copies, jobs }: Letting,
  token: string,
): Promise<Place> {
  const hash = hashOf(token)
  return writeTransaction(
    db,
    async (tx) => {
      const now = jobs.clock()
      const byToken = () =>
        tx.selectFrom('applications').selectAll().where('tokenHash', '=', hash).executeTakeFirst()
      const found = await byToken()
      // Applying again renews the token under the address's lock: taken, the token is read again.
      if (found) await lockRecords(db, tx, [`applications:${found.email}`])
      const application = found && (await byToken())
      if (
        !application ||
        application.confirmedAt ||
        (application.tokenExpiresAt ?? '') < now.toISOString()
      )
        throw badRequest(lettingMessages.tokenUnusable)
      await lockRecords(db, tx, [`people:${application.nickname}`])
      const nickname = (await nicknameTaken(tx, application.nickname))
        ? await freeNickname(tx, application.nickname)
        : application.nickname
      const today = now.toISOString().slice(0, 10)
      const person = await insertPerson(tx, {
        ...blankPerson(nickname, true, today),
        firstName: application.firstName,
        lastName: application.lastName,
        email: application.email,
        phoneNumber: application.phoneNumber,
        address: application.address,
      })
      await tx
        .updateTable('applications')
        .set({ confirmedAt: now.toISOString(), tokenHash: null, tokenExpiresAt: null, nickname })
        .where('id', '=', application.id)
        .execute()
      const { reference } = application
      await recordWaitingListEvent(
        tx,
        nickname,
        'joined',
        waitingListMessages.joinedByApplication(reference),
        PUBLIC,
      )
      const place = (await placeOnList(tx, nickname))!
      const association = await associationDetails(tx, config)
      const subject = lettingMessages.confirmedSubject(reference)
      await copies.queue(
        tx,
        {
          subject: lettingMessages.confirmedBatch,
          body: lettingMessages.confirmedBatch,
          audience: lettingMessages.applicants,
          createdBy: PUBLIC,
          key: 'applications-confirmed',
        },
        [
          {
            personId: nickname,
            channel: 'email',
            recipient: application.email,
            subject,
            body: lettingMessages.confirmedText(
              application.firstName,
              reference,
              place.position,
              place.total,
              link(config, '/apply/position'),
              association.name,
            ),
          },
        ],
      )
      await writeLog(
        tx,
        {
          methodName: 'confirmApplication',
          eventCollection: 'people',
          docId: nickname,
          userName: PUBLIC,
        },
        { reference, person },
      )
      return { reference, ...place }
    },
    ['applications:confirm'],
  )
}

/** Where the applicant is on the list: found only by their reference and address together. */
export async function findPlace(db: Db, reference: string, email: string): Promise<Place> {
  const application = await db.kysely
    .selectFrom('applications')
    .select(['nickname', 'reference'])
    .where('reference', '=', reference)
    .where('email', '=', email)
    .where('confirmedAt', 'is not', null)
    .executeTakeFirst()
  const place = application && (await placeOnList(db.kysely, application.nickname))
  if (!place) throw notFound(lettingMessages.notFound)
  return { reference: application.reference, ...place }
}
