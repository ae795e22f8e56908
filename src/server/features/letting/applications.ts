import { randomInt } from 'node:crypto'
import { lettingMessages } from '#shared/letting-messages'
import { waitingListMessages } from '#shared/waiting-list-messages'
import { blankPerson } from '#shared/domain/people'
import type { Application, Place } from '#shared/schemas/letting'
import { associationDetails } from '#server/core/db/association-settings'
import type { Db } from '#server/core/db/database'
import { lockRecords, writeTransaction, type ReadTx } from '#server/core/db/write-transaction'
import { badRequest, conflict, notFound } from '#server/core/errors'
import { writeLog } from '#server/core/logged-change'
import { insertPerson, nicknameTaken } from '#server/features/people/sql'
import { PUBLIC, type Letting } from '#server/features/letting/context'
import { placeOnList, recordWaitingListEvent } from '#server/features/letting/sql'
import { hashOf, linkTo as link, newToken } from '#server/features/letting/tokens'

// Applying for a plot from the public site. An application joins the waiting list only once its
// e-mail address is confirmed through a link sent to it: the link's token is random, kept only as
// a hash, good for 7 days and once. The reference (8 letters and digits, without look-alikes)
// and the e-mail address together find one's place; neither alone does.

const TOKEN_DAYS = 7
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

const newReference = () =>
  Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')

// Letters and digits of the name, lower-case: "Zoë O'Neill" → "zoëo".
function nicknameBase(application: Pick<Application, 'firstName' | 'lastName'>) {
  const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{Nd}]/gu, '')
  return (letters(application.firstName) + letters(application.lastName).slice(0, 1)).slice(0, 30) || 'applicant'
}

// A nickname no person and no other application has: the name's, then with 2, 3, ….
async function freeNickname(tx: ReadTx, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`
    const pending = await tx
      .selectFrom('applications')
      .select('id')
      .where('nickname', '=', candidate)
      .where('confirmedAt', 'is', null)
      .executeTakeFirst()
    if (!pending && !(await nicknameTaken(tx, candidate))) return candidate
  }
}

async function emailKnown(tx: ReadTx, email: string) {
  const [application, person] = await Promise.all([
    tx.selectFrom('applications').select('id').where('email', '=', email).executeTakeFirst(),
    tx
      .selectFrom('people')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .executeTakeFirst(),
  ])
  return application !== undefined || person !== undefined
}

/** Stores the application and queues the e-mail with its confirmation link. */
export async function applyForPlot({ db, config, copies, jobs }: Letting, input: Application): Promise<void> {
  // A script filled in the field people never see: answered like anyone, and nothing is kept.
  if (input.website !== '') return
  const token = newToken()
  await writeTransaction(
    db,
    async (tx) => {
      if (await emailKnown(tx, input.email)) throw conflict(lettingMessages.alreadyApplied)
      const now = jobs.clock()
      let reference = newReference()
      while (await tx.selectFrom('applications').select('id').where('reference', '=', reference).executeTakeFirst())
        reference = newReference()
      const nickname = await freeNickname(tx, nicknameBase(input))
      await tx
        .insertInto('applications')
        .values({
          reference,
          nickname,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phoneNumber: input.phoneNumber,
          address: input.address,
          note: input.note,
          tokenHash: hashOf(token),
          tokenExpiresAt: new Date(now.getTime() + TOKEN_DAYS * 86_400_000).toISOString(),
          createdAt: now.toISOString(),
        })
        .execute()
      const association = await associationDetails(tx, config)
      const subject = lettingMessages.confirmSubject
      await copies.queue(
        tx,
        { subject, body: subject, audience: lettingMessages.applicants, createdBy: PUBLIC, key: 'applications-confirm' },
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
        { methodName: 'applyForPlot', eventCollection: 'applications', docId: reference, userName: PUBLIC },
        { reference, nickname },
      )
    },
    // One application per address, even when two arrive at once.
    [`applications:${input.email}`],
  )
}

/** Follows the link: the applicant joins the waiting list today, and hears their reference. */
export function confirmApplication({ db, config, copies, jobs }: Letting, token: string): Promise<Place> {
  const hash = hashOf(token)
  return writeTransaction(
    db,
    async (tx) => {
      const now = jobs.clock()
      const application = await tx
        .selectFrom('applications')
        .selectAll()
        .where('tokenHash', '=', hash)
        .executeTakeFirst()
      if (!application || application.confirmedAt || (application.tokenExpiresAt ?? '') < now.toISOString())
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
      await recordWaitingListEvent(tx, nickname, 'joined', waitingListMessages.joinedByApplication(reference), PUBLIC)
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
        { methodName: 'confirmApplication', eventCollection: 'people', docId: nickname, userName: PUBLIC },
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

