import { LEVELS, maxGrantableLevel } from '#shared/domain/levels'
import { accountMessages } from '#shared/messages/accounts'
import type { Account } from '#shared/schemas/account'
import { assertAcceptablePassword } from '#server/core/auth/password-policy'
import { badRequest, conflict, forbidden, notFound } from '#server/core/errors'
import type { Actor, Viewer } from '#server/core/viewer'
import {
  accountChange,
  loggedChange,
  recordKey,
  loggedWrite,
  logEvent,
} from '#server/core/logged-change'
import type { ReadTx } from '#server/core/db/write-transaction'
import type { Accounts } from '#server/features/accounts/context'
import { replaceOpenInvitations } from '#server/features/accounts/invitations-sql'
import * as accountsSql from '#server/features/accounts/sql'
import { findPerson } from '#server/features/people/sql'
import { myAllotmentMessages } from '#shared/messages/my-allotment'

export async function listAccounts({ db }: Accounts): Promise<Account[]> {
  const rows = await accountsSql.accountRows(db.kysely)
  return rows.map((row) => ({
    id: row.id,
    userName: row.username ?? '',
    email: row.email,
    level: row.level,
    requestedLevel: row.requestedLevel,
    disabled: Boolean(row.disabled),
    createdAt: new Date(row.createdAt).toISOString(),
    personId: row.personId,
  }))
}

async function accountFor(tx: ReadTx, id: string) {
  const row = await accountsSql.accountRow(tx, id)
  if (!row) throw notFound(accountMessages.accountMissing)
  return row
}

// A committee member acts only on accounts below their own level (a pending registration is at
// level 0); the administrator on any other account. Nobody acts on their own account here:
// nobody raises their own level or locks themselves out.
function checkReach(approver: Viewer, target: { id: string; level: number }) {
  if (target.id === approver.id) throw forbidden(accountMessages.ownAccountFixed)
  if (approver.level < LEVELS.admin && target.level >= approver.level) {
    throw forbidden(accountMessages.accountAboveReach)
  }
  return maxGrantableLevel(approver.level)
}

export function setAccountLevel({ db, clock }: Accounts, actor: Actor, id: string, level: number) {
  return loggedChange(
    db,
    accountChange('setUserLevel', id, actor),
    async (tx) => {
      const target = await accountFor(tx, id)
      const reach = checkReach(actor.viewer, target)
      if (level > reach) throw forbidden(accountMessages.levelAboveReach(reach))
      await accountsSql.setLevel(tx, id, level, clock.now().toISOString())
      return { id, userName: target.username, level }
    },
    { id, level },
  )
}

export function setAccountDisabled({ db }: Accounts, actor: Actor, id: string, disabled: boolean) {
  return loggedChange(
    db,
    accountChange(disabled ? 'disableUser' : 'enableUser', id, actor),
    async (tx) => {
      const target = await accountFor(tx, id)
      checkReach(actor.viewer, target)
      await accountsSql.setDisabled(tx, id, disabled)
      // A disabled account is signed out everywhere at once.
      if (disabled) await accountsSql.endSessions(tx, id)
      return { id, userName: target.username, disabled }
    },
    { id, disabled },
  )
}

// Issue 29: the committee says whose an account is. The person is locked with the account, so
// their removal meanwhile waits, and neither belongs to two.
export function linkAccount(
  { db, clock }: Accounts,
  actor: Actor,
  id: string,
  personId: string | null,
) {
  const alsoLocks = personId ? [recordKey('people', personId)] : []
  return loggedChange(
    db,
    { ...accountChange('linkPerson', id, actor), alsoLocks },
    async (tx) => {
      const target = await accountFor(tx, id)
      checkReach(actor.viewer, target)
      if (personId !== null) {
        if (!(await findPerson(tx, personId)))
          throw notFound(myAllotmentMessages.personMissing(personId))
        const holder = await accountsSql.accountOfPerson(tx, personId)
        if (holder && holder.id !== id)
          throw conflict(myAllotmentMessages.personHasAccount(personId, holder.username ?? ''))
      }
      const now = clock.now().toISOString()
      await accountsSql.setPerson(tx, id, personId, now)
      if (personId !== null) await replaceOpenInvitations(tx, [personId], now)
      return { id, userName: target.username, personId }
    },
    { id, personId },
  )
}

export interface Registration {
  userName: string
  email: string
  password: string
  level: number
}

// Registration never says whether an e-mail address already has an account: a clash answers as
// a new registration would, after as much work (the password is hashed all the same), and is
// recorded in the log for the committee. A taken user name may be said to be taken.
export async function register(
  { db, auth }: Accounts,
  registration: Registration,
  clientAddress: string,
) {
  const { userName, email, password, level } = registration
  assertAcceptablePassword(password, userName)
  const clash = await accountsSql.accountHolding(db.kysely, userName.toLowerCase(), email)
  if (clash?.username === userName.toLowerCase())
    throw conflict(accountMessages.userNameTaken(userName))
  const answer = { userName, requestedLevel: level }
  const logged = { methodName: 'register', eventCollection: 'users', userName, clientAddress }
  if (clash) {
    await (await auth.$context).password.hash(password)
    await logEvent(
      db,
      { ...logged, docId: '' },
      { userName, email },
      { message: accountMessages.emailHasAccount },
    )
    return answer
  }
  try {
    const created = await auth.api.signUpEmail({
      body: { name: userName, email, password, username: userName, requestedLevel: level },
    })
    // better-auth signs a new account in; a registration waits for the committee instead.
    await loggedWrite(db, [], async (tx, log) => {
      await accountsSql.endSessions(tx, created.user.id)
      log(
        { ...logged, docId: created.user.id },
        { userName, email, requestedLevel: level, level: LEVELS.guest },
      )
    })
    return answer
  } catch (error) {
    const message = (error as { body?: { message?: string } }).body?.message
    if (message) throw badRequest(message)
    throw error
  }
}
