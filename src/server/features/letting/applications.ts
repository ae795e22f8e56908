import { lettingMessages } from '#shared/messages/letting'
import { dearName } from '#shared/domain/message-copies'
import { proposedNickname } from '#shared/domain/people'
import type { Application, Place } from '#shared/schemas/letting'
import { associationDetails } from '#server/core/db/association-settings'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { notFound } from '#server/core/errors'
import { logEvent, loggedWrite, PUBLIC, type LogEntry } from '#server/core/logged-change'
import {
  freeNickname as freePersonNickname,
  personWithEmail,
  personWithReference,
  referenceHeld,
} from '#server/features/people/sql'
import { writeSiteLimit } from '#shared/domain/sites'
import { applicantSites, placesOf } from '#server/features/letting/applicant-sites'
import { applicationExpiryJob, CONFIRM_BATCH } from '#server/features/letting/application-expiry'
import {
  confirmedWithEmail,
  insertApplication,
  nicknamePending,
  pendingWithDetails,
  referenceTaken,
  updateApplication,
} from '#server/features/letting/applications-sql'
import type { Letting } from '#server/features/letting/context'
import { hashOf, linkTo as link, newToken } from '#server/core/link-tokens'
import { freeReference } from '#server/core/references'

// Applying for a plot from the public site. An application joins the waiting list only once its
// e-mail address is confirmed through a link sent to it (confirm-application.ts): the link's
// token is random, kept only as a hash, good for 7 days and once. The reference (8 letters and
// digits, without look-alikes) becomes the person's; with the e-mail address on their record it
// finds their place, as everyone else's on the list finds theirs (issue 44); neither alone does.
//
// Nobody learns from the answer whether an address is known: every application is answered
// alike. An application made with an address that is waiting to be confirmed is kept as one of
// its own, with its own link, and changes nothing of the others: someone else using the address
// can neither block it nor put their details in its owner's application (issue 42). Only the
// application whose link is followed joins the list, and the others for that address go
// (confirm-application.ts). The same details sent again are the same application: it gets a fresh
// link, and the old one stops working. An application nobody confirms is deleted by a job when
// its link's life ends (application-expiry.ts); and when the address is already on record (a
// person, or a confirmed application), its owner is told by e-mail and nothing is kept.

const TOKEN_DAYS = 7

/**
 * A nickname no person and no application waiting to be confirmed has: the one proposed from the
 * name (people's rule), then with 2, 3, ….
 */
export function freeNickname(tx: ReadTx, base: string): Promise<string> {
  return freePersonNickname(tx, base, (candidate) => nicknamePending(tx, candidate))
}

// A reference is the applicant's once they are on the list: none an application or a person holds.
const newReference = (tx: ReadTx) =>
  freeReference(async (drawn) => (await referenceTaken(tx, drawn)) || referenceHeld(tx, drawn))

/** Who already has the address: a person on record, or a confirmed application. */
async function ownerOf(tx: ReadTx, email: string) {
  const person = await personWithEmail(tx, email)
  if (person) return { personId: person.id, name: dearName(person), collection: 'people' }
  const application = await confirmedWithEmail(tx, email)
  return (
    application && {
      personId: application.nickname,
      name: application.firstName,
      collection: 'applications',
    }
  )
}

type Owner = NonNullable<Awaited<ReturnType<typeof ownerOf>>>

/** An e-mail to an applicant (not yet a person), in the batch of its kind. */
export function emailApplicant(
  { copies }: Letting,
  tx: WriteTx,
  key: string,
  batchSubject: string,
  copy: { personId: string; recipient: string; subject: string; body: string },
) {
  return copies.queue(
    tx,
    {
      subject: batchSubject,
      body: batchSubject,
      audience: lettingMessages.applicants,
      createdBy: PUBLIC,
      key,
    },
    [{ ...copy, channel: 'email' }],
  )
}

// Registration answers a taken e-mail address as it answers a new one, and logs the clash for the
// committee (accounts/service.ts); so does applying, and the address's owner hears of it, with
// the way to their place on the list.
async function tellOwner(letting: Letting, tx: WriteTx, owner: Owner, email: string) {
  const association = await associationDetails(tx, letting.config)
  const subject = lettingMessages.addressKnownSubject
  await emailApplicant(letting, tx, 'applications-known', subject, {
    personId: owner.personId,
    recipient: email,
    subject,
    body: lettingMessages.addressKnownText(
      owner.name,
      link(letting.config, '/apply/position'),
      association.name,
    ),
  })
}

/** The clash, logged for the committee as accounts log theirs: with its message, on its own. */
function logAddressKnown(letting: Letting, owner: Owner) {
  return logEvent(
    letting.db,
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

/**
 * Stores the application, or renews the unconfirmed one that said the same, and queues the e-mail
 * with its confirmation link; for an address already on record, tells its owner instead.
 */
export async function applyForPlot(letting: Letting, input: Application): Promise<void> {
  // A script filled in the field people never see: answered like anyone, and nothing is kept.
  if (input.website !== '') return
  const owner = await loggedWrite(
    letting.db,
    // One application per address, even when two arrive at once.
    [`applications:${input.email}`],
    async (tx, log) => {
      const sites = await applicantSites(tx, input.sites)
      const owner = await ownerOf(tx, input.email)
      if (owner) await tellOwner(letting, tx, owner, input.email)
      else await storeApplication(letting, tx, log, { ...input, sites })
      return owner
    },
  )
  if (owner) await logAddressKnown(letting, owner)
  letting.jobs.wake()
}

async function storeApplication(letting: Letting, tx: WriteTx, log: LogEntry, input: Application) {
  const { config, jobs, clock } = letting
  const token = newToken()
  const now = clock.now()
  const expiresAt = new Date(now.getTime() + TOKEN_DAYS * 86_400_000)
  const freshLink = {
    tokenHash: hashOf(token),
    tokenExpiresAt: expiresAt.toISOString(),
    createdAt: now.toISOString(),
    sites: writeSiteLimit(input.sites),
  }
  const details = {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    phoneNumber: input.phoneNumber,
    address: input.address,
    note: input.note,
  }
  // Sent again as it was (the e-mail lost): a fresh link replaces the old, which stops working.
  const pending = await pendingWithDetails(tx, details)
  if (pending) await updateApplication(tx, pending.id, freshLink)
  const base = proposedNickname(input.firstName, input.lastName) || 'applicant'
  const application =
    pending ??
    (await insertApplication(tx, {
      ...details,
      ...freshLink,
      nickname: await freeNickname(tx, base),
      reference: await newReference(tx),
    }))
  const { id: applicationId, reference, nickname } = application
  await jobs.enqueue(tx, applicationExpiryJob(letting), { applicationId }, expiresAt)
  const association = await associationDetails(tx, config)
  const subject = lettingMessages.confirmSubject
  await emailApplicant(letting, tx, CONFIRM_BATCH, subject, {
    personId: nickname,
    recipient: input.email,
    subject,
    body: lettingMessages.confirmText(
      input.firstName,
      link(config, `/apply/confirm?token=${token}`),
      association.name,
    ),
  })
  log(
    {
      methodName: 'applyForPlot',
      eventCollection: 'applications',
      docId: reference,
      userName: PUBLIC,
    },
    { reference, nickname, ...(pending ? { again: true } : {}) },
  )
}

/**
 * Where someone on the list is, however they came onto it: found only by their reference and
 * their e-mail address on record together.
 */
export async function findPlace(
  { db }: Letting,
  { reference, email }: { reference: string; email: string },
): Promise<Place> {
  const person = await personWithReference(db.kysely, reference, email)
  const place = person && (await placesOf(db.kysely, person.id, reference))
  if (!place) throw notFound(lettingMessages.notFound)
  return place
}
