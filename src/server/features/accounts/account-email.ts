import { z } from 'zod'
import { addressMessages } from '#shared/messages/account-email'
import { accountMessages } from '#shared/messages/accounts'
import { myAllotmentMessages } from '#shared/messages/my-allotment'
import type { ChangeEmail } from '#shared/schemas/account'
import { clearFailures } from '#server/core/auth/sign-in-guard'
import { associationDetails } from '#server/core/db/association-settings'
import type { WriteTx } from '#server/core/db/write-transaction'
import { badRequest, conflict, unprocessable } from '#server/core/errors'
import { doubling, type JobKind } from '#server/core/jobs/runner'
import { hashOf, mailLink } from '#server/core/link-tokens'
import { accountChange, loggedChange, loggedWrite, recordKey } from '#server/core/logged-change'
import type { Actor } from '#server/core/viewer'
import { mailingOf, type Mailing } from '#server/features/accounts/context'
import * as linksSql from '#server/features/accounts/account-email-links-sql'
import { isCurrentPassword } from '#server/features/accounts/passwords'
import * as accountsSql from '#server/features/accounts/sql'

// An account's e-mail address (issue 42). An address asked for, at registration or on My account,
// becomes the account's only once the link sent to it is followed: until then the account keeps
// the address it had (a new registration has none), an invitation or a reset never meets it, and
// the committee sees it and may clear it. Asking answers alike whether or not the address is
// another account's; the job that sends the e-mail finds out, and then tells that address's owner
// instead of sending a link. The pattern of a member's new address (people/email-change.ts): a
// job makes the token as it sends and keeps only its hash; the link works once, for a day, and
// only the newest works.

const LINK_MS = 24 * 60 * 60 * 1000

/** What the address services take from the core. */
export interface AccountEmails extends Mailing {
  email: JobKind<{ linkId: number }>
}

/** The services, their job kind defined on the app's runner. */
export function accountEmails(app: Mailing): AccountEmails {
  const core = mailingOf(app)
  const email: JobKind<{ linkId: number }> = {
    kind: 'account-email-link',
    payload: z.object({ linkId: z.number().int() }),
    maxAttempts: 5,
    backOffMs: doubling(60_000, 60 * 60_000),
    run: ({ linkId }) => sendLink(core, linkId),
  }
  core.jobs.define(email)
  return { ...core, email }
}

/**
 * Inside the caller's write: the address is asked for the account, and its e-mail queued (the
 * caller wakes the jobs once the write is done). The same work whoever holds the address.
 */
export async function askForAddress(
  { clock, jobs, email }: AccountEmails,
  tx: WriteTx,
  userId: string,
  address: string,
) {
  const now = clock.now()
  const { id } = await linksSql.insertLink(tx, {
    userId,
    email: address.toLowerCase(),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + LINK_MS).toISOString(),
  })
  await jobs.enqueue(tx, email, { linkId: id })
}

// The link, or, when the address is another account's, a note to that account instead: the
// request ends then, since it can never be confirmed.
async function sendLink(emails: Mailing, id: number) {
  const { db, clock, config, mailer } = emails
  const link = await linksSql.linkToSend(db.kysely, id, clock.now().toISOString())
  if (!link) return
  const userName = link.username ?? ''
  const reference = `account-email-${id}`
  const holder = await accountsSql.addressHolder(db.kysely, link.email, link.userId)
  if (!holder) {
    await mailLink(emails, {
      path: '/confirm-account-email',
      store: (tx, tokenHash) => linksSql.setLinkToken(tx, id, tokenHash),
      mail: (url, association) => ({
        to: link.email,
        subject: accountMessages.addressLinkSubject,
        text: accountMessages.addressLinkText(userName, url, association),
      }),
      reference,
    })
    return
  }
  const ended = await loggedWrite(db, [], (tx) =>
    linksSql.endLink(tx, id, clock.now().toISOString()),
  )
  if (!ended) return
  const { name } = await associationDetails(db.kysely, config)
  await mailer.send(
    {
      to: link.email,
      subject: accountMessages.addressTakenSubject,
      text: accountMessages.addressTakenText(holder.username ?? '', userName, name),
    },
    reference,
  )
}

/**
 * My account: a new sign-in address, asked for with the account's password (a session left open
 * must not be enough to take the account over through "Forgotten your password?"). A wrong
 * password counts towards the sign-in lockout, as it does when changing the password.
 */
export async function requestAccountEmail(
  emails: AccountEmails,
  actor: Actor,
  { email, currentPassword }: ChangeEmail,
) {
  const { db, jobs } = emails
  const { viewer, clientAddress } = actor
  const matches = await isCurrentPassword(emails, actor, currentPassword)
  await loggedChange(
    db,
    accountChange('requestAccountEmail', viewer.id, actor),
    async (tx) => {
      if (!matches) throw badRequest(accountMessages.currentPasswordWrong)
      if (email === viewer.email.toLowerCase())
        throw unprocessable(myAllotmentMessages.emailUnchanged)
      await askForAddress(emails, tx, viewer.id, email)
      return { id: viewer.id, userName: viewer.userName }
    },
    { email },
  )
  await clearFailures(db, { userName: viewer.userName, clientAddress })
  jobs.wake()
}

/**
 * The link followed: the address becomes the account's, logged as the account, and every other
 * account's request for it ends. Open to anyone with the link (it may be opened on another device,
 * or before the account is approved); a link used, replaced, cleared, expired or forged changes
 * nothing, nor does one for an address that has become another account's meanwhile.
 */
export async function confirmAccountEmail(
  { db, clock }: Pick<AccountEmails, 'db' | 'clock'>,
  token: string,
  clientAddress: string,
) {
  const link = await linksSql.linkWithToken(db.kysely, hashOf(token))
  if (!link || link.endedAt) throw badRequest(addressMessages.addressLinkUnknown)
  const now = clock.now().toISOString()
  if (link.expiresAt <= now) throw badRequest(addressMessages.addressLinkExpired)
  const change = {
    methodName: 'confirmAccountEmail',
    eventCollection: 'users',
    docId: link.userId,
    userName: link.username ?? '',
    clientAddress,
    // Two accounts' links for one address, followed at once: one at a time, the second refused.
    alsoLocks: [recordKey('account-email', link.email)],
  }
  return loggedChange(db, change, async (tx) => {
    if (!(await linksSql.endLink(tx, link.id, now)))
      throw badRequest(addressMessages.addressLinkUnknown)
    if (!(await accountsSql.setEmail(tx, link.userId, link.email, now)))
      throw conflict(accountMessages.emailTaken)
    await linksSql.endLinksTo(tx, link.email, now)
    return { email: link.email }
  })
}
