import { z } from 'zod'
import { LEVELS } from '#shared/domain/levels'
import { accountMessages } from '#shared/messages/accounts'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import type {
  GroupInvited,
  InvitationGroup,
  PeopleSignIn,
  PersonSignIn,
} from '#shared/schemas/account'
import type { Join } from '#shared/schemas/register'
import { assertAcceptablePassword } from '#server/core/auth/password-policy'
import { badRequest, conflict, notFound, unprocessable } from '#server/core/errors'
import { doubling, type JobKind } from '#server/core/jobs/runner'
import { hashOf, mailLink } from '#server/core/link-tokens'
import {
  loggedChange,
  loggedWrite,
  recordKey,
  SYSTEM,
  type LoggedChange,
} from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import { mailingOf, type Mailing } from '#server/features/accounts/context'
import * as invitationsSql from '#server/features/accounts/invitations-sql'
import * as accountsSql from '#server/features/accounts/sql'
import * as linksSql from '#server/features/accounts/account-email-links-sql'
import {
  contactDetails,
  findPerson,
  peopleInScope,
  requirePersonInScope,
} from '#server/features/people/sql'
import type { SiteScope } from '#server/core/site-scope'
import type { WriteTx } from '#server/core/db/write-transaction'

// "Invite to sign in" (issue 29). The committee invites a person who has an e-mail address and no
// account; a job e-mails the link, making its token as it sends (as for a forgotten password, so
// no working link rests in the database). The link works once, for 14 days, and only the newest
// works. Following it, the person chooses a user name and password and joins: an account at
// Plotholder level, linked to them, signed in. Each invitation, join and expiry is logged.

const LINK_DAYS = 14
const DAY_MS = 24 * 60 * 60 * 1000

/** What the invitation services take from the core. */
export interface Invitations extends Mailing {
  email: JobKind<{ invitationId: number }>
  expiry: JobKind<{ invitationId: number }>
}

/** The services, their job kinds defined on the app's runner. */
export function invitations(app: Mailing): Invitations {
  const core = mailingOf(app)
  const withJobs = { ...core, email: emailJob(core), expiry: expiryJob(core) }
  core.jobs.define(withJobs.email)
  core.jobs.define(withJobs.expiry)
  return withJobs
}

const invitationPayload = z.object({ invitationId: z.number().int() })

function emailJob(app: Mailing): JobKind<{ invitationId: number }> {
  return {
    kind: 'invitation-email',
    payload: invitationPayload,
    maxAttempts: 8,
    backOffMs: doubling(60_000, 60 * 60_000),
    run: ({ invitationId }) => sendInvitation(app, invitationId),
  }
}

function expiryJob({ db, clock }: Pick<Invitations, 'db' | 'clock'>) {
  return {
    kind: 'invitation-expiry',
    payload: invitationPayload,
    maxAttempts: 5,
    backOffMs: doubling(60_000, 60 * 60_000),
    run: async ({ invitationId }: { invitationId: number }) => {
      await loggedWrite(db, [], async (tx, log) => {
        const now = clock.now().toISOString()
        if (!(await invitationsSql.endInvitation(tx, invitationId, 'expired', now))) return
        const change = { methodName: 'invitationExpired', eventCollection: 'invitations' }
        log({ ...change, docId: String(invitationId), userName: SYSTEM }, { invitationId })
      })
    },
  } satisfies JobKind<{ invitationId: number }>
}

// Invitations are logged against the people invited (a person, or a whole list).
const invitationChange = (methodName: string, docId: string, viewer: Viewer) => ({
  methodName,
  eventCollection: 'people',
  docId,
  userName: viewer.userName,
})

/** Invites the person: refused without an e-mail address or with an account already. */
export async function invitePerson(
  invitations: Invitations,
  viewer: Viewer,
  scope: SiteScope,
  personId: string,
) {
  const { db, jobs } = invitations
  const logged: LoggedChange = invitationChange('invitePerson', personId, viewer)
  const answer = await loggedChange(
    db,
    logged,
    async (tx) => {
      const person = await findPerson(tx, personId)
      if (!person) throw notFound(myAllotmentMessages.personMissing(personId))
      await requirePersonInScope(tx, scope, personId, { change: logged })
      if (!person.email) throw unprocessable(myAllotmentMessages.invitationNeedsEmail(personId))
      const holder = await accountsSql.accountOfPerson(tx, personId)
      if (holder)
        throw conflict(myAllotmentMessages.personHasAccount(personId, holder.username ?? ''))
      const [sent] = await queueInvitations(invitations, tx, viewer, [person])
      return sent!
    },
    { personId },
  )
  jobs.wake()
  return answer
}

/**
 * "Invite everyone who has no account yet": every plot holder (or everyone on the waiting list)
 * with an e-mail address and no account is sent a fresh link, in one write and one log entry.
 * Those without an address are counted, to be told another way.
 */
export async function inviteGroup(
  invitations: Invitations,
  viewer: Viewer,
  group: InvitationGroup,
): Promise<GroupInvited> {
  const { db, jobs } = invitations
  const answer = await loggedChange(
    db,
    invitationChange('inviteGroup', group, viewer),
    async (tx) => {
      const [people, accounts] = await Promise.all([
        contactDetails(tx, group),
        accountsSql.linkedAccounts(tx),
      ])
      const signedUp = new Set(accounts.map((account) => account.personId))
      const without = people.filter((person) => !signedUp.has(person.id))
      const reachable = without.filter((person) => person.email)
      await queueInvitations(invitations, tx, viewer, reachable)
      return {
        invited: reachable.length,
        withoutEmail: without.length - reachable.length,
        signedUp: people.length - without.length,
      }
    },
    { group },
  )
  jobs.wake()
  return answer
}

// The invitations, and for each the job that e-mails its link now and the one that ends it in
// 14 days.
async function queueInvitations(
  { clock, jobs, email, expiry }: Invitations,
  tx: WriteTx,
  viewer: Viewer,
  people: ReadonlyArray<{ id: string; email: string }>,
) {
  const now = clock.now()
  const expiresAt = new Date(now.getTime() + LINK_DAYS * DAY_MS)
  const made = await invitationsSql.insertInvitations(
    tx,
    people.map((person) => ({
      personId: person.id,
      email: person.email,
      invitedBy: viewer.userName,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    })),
  )
  await jobs.enqueueMany(
    tx,
    email,
    made.map(({ id }) => ({ payload: { invitationId: id }, runAt: now })),
  )
  await jobs.enqueueMany(
    tx,
    expiry,
    made.map(({ id }) => ({ payload: { invitationId: id }, runAt: expiresAt })),
  )
  const addresses = new Map(people.map((person) => [person.id, person.email]))
  return made.map(({ personId }) => ({
    sentTo: addresses.get(personId) ?? '',
    expiresAt: expiresAt.toISOString(),
  }))
}

async function sendInvitation(invitations: Mailing, id: number) {
  const { db, clock } = invitations
  const invitation = await invitationsSql.invitationToSend(db.kysely, id, clock.now().toISOString())
  if (!invitation) return
  const person = await findPerson(db.kysely, invitation.personId)
  if (!person) return
  const sent = await mailLink(invitations, {
    path: '/join',
    store: (tx, tokenHash) => invitationsSql.setInvitationToken(tx, id, tokenHash),
    mail: (link, association) => ({
      to: invitation.email,
      subject: myAllotmentMessages.invitationSubject(association),
      text: myAllotmentMessages.invitationText(person.firstName, link, association),
    }),
    reference: `invitation-${id}`,
  })
  if (!sent) return
  await loggedWrite(db, [], (tx) =>
    invitationsSql.markInvitationSent(tx, id, clock.now().toISOString()),
  )
}

/**
 * Joining through the link: the account is made (better-auth signs it in: its session cookie is
 * in the headers given back), then, in one write, the invitation is ended and the account put at
 * Plotholder level and linked to the person. A link used, replaced, expired or forged changes
 * nothing. Two joins racing on one link both pass the first checks; the second's account is left
 * at level 0 with its sessions ended, and it is told the link was used.
 */
export async function joinByInvitation(
  { db, auth, clock }: Invitations,
  { token, userName, password }: Join,
  clientAddress: string,
) {
  const invitation = await invitationsSql.invitationWithToken(db.kysely, hashOf(token))
  if (!invitation || invitation.endedAt) throw badRequest(myAllotmentMessages.invitationUnknown)
  if (invitation.expiresAt <= clock.now().toISOString())
    throw badRequest(myAllotmentMessages.invitationExpired)
  const person = await findPerson(db.kysely, invitation.personId)
  if (!person) throw badRequest(myAllotmentMessages.invitationUnknown)
  const holder = await accountsSql.accountOfPerson(db.kysely, person.id)
  if (holder) throw conflict(myAllotmentMessages.personHasAccount(person.id, holder.username ?? ''))
  assertAcceptablePassword(password, userName)
  const clash = await accountsSql.accountHolding(db.kysely, userName.toLowerCase(), person.email)
  if (clash?.username === userName.toLowerCase())
    throw conflict(accountMessages.userNameTaken(userName))
  if (clash) throw conflict(accountMessages.emailHasAccount)
  const { headers, response } = await auth.api.signUpEmail({
    body: { name: userName, email: person.email, password, username: userName, requestedLevel: 1 },
    returnHeaders: true,
  })
  const userId = response!.user.id
  const change = {
    methodName: 'joinByInvitation',
    eventCollection: 'users',
    docId: userId,
    userName: userName.toLowerCase(),
    clientAddress,
    alsoLocks: [recordKey('people', person.id)],
  }
  try {
    await loggedChange(db, change, async (tx) => {
      const now = clock.now().toISOString()
      if (!(await invitationsSql.endInvitation(tx, invitation.id, 'joined', now)))
        throw badRequest(myAllotmentMessages.invitationUnknown)
      await accountsSql.setLevel(tx, userId, LEVELS.plotholder, now)
      await accountsSql.setPerson(tx, userId, person.id, now)
      // The invitation's link proved the address theirs: no other account's request for it stands
      // (issue 42: one registered with it could block the invitation).
      await linksSql.endLinksTo(tx, person.email, now)
      return { userName, personId: person.id, invitationId: invitation.id }
    })
  } catch (error) {
    await loggedWrite(db, [], (tx) => accountsSql.endSessions(tx, userId))
    throw error
  }
  return { userName, cookies: headers.getSetCookie() }
}

/** The person's account and when it last signed in, else their newest invitation. */
export async function personSignIn(
  { db }: Pick<Invitations, 'db'>,
  scope: SiteScope,
  personId: string,
): Promise<PersonSignIn> {
  if (scope.sites) await requirePersonInScope(db.kysely, scope, personId)
  const [holder, invitation] = await Promise.all([
    accountsSql.accountOfPerson(db.kysely, personId),
    invitationsSql.latestInvitation(db.kysely, personId),
  ])
  const account = holder
    ? {
        userName: holder.username ?? '',
        lastSignIn: await accountsSql.lastSessionStart(db.kysely, holder.id),
      }
    : null
  return {
    account,
    invitation: invitation
      ? {
          createdAt: invitation.createdAt,
          expiresAt: invitation.expiresAt,
          endedHow: invitation.endedHow,
        }
      : null,
  }
}

/**
 * Everyone who has an account or an open invitation (the others are not invited), and how the
 * open invitations stand.
 */
export async function peopleSignIn(
  { db, clock }: Pick<Invitations, 'db' | 'clock'>,
  scope: SiteScope,
): Promise<PeopleSignIn> {
  const now = clock.now().toISOString()
  const [accounts, invited, counts] = await Promise.all([
    accountsSql.linkedAccounts(db.kysely),
    invitationsSql.openInvitations(db.kysely, now),
    invitationsSql.openInvitationCounts(db.kysely, now),
  ])
  const people = [
    ...accounts.map(({ personId, createdAt }) => ({
      personId: personId ?? '',
      status: 'account' as const,
      since: new Date(createdAt).toISOString(),
    })),
    ...invited.map(({ personId, createdAt }) => ({
      personId,
      status: 'invited' as const,
      since: createdAt,
    })),
  ]
  // A limited viewer sees the marks of the people their sites reach (issue 46).
  const reached =
    scope.sites && new Set((await peopleInScope(db.kysely, scope.sites).execute()).map((p) => p.id))
  return {
    people: reached ? people.filter((person) => reached.has(person.personId)) : people,
    invitationsSent: counts.sent,
    invitationsWaiting: counts.open - counts.sent,
  }
}
