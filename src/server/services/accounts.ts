import { maxGrantableLevel } from '#shared/domain/levels'
import type { Account } from '#shared/schemas/account'
import type { Auth } from '../auth/auth.ts'
import { assertAcceptablePassword } from '../auth/password-policy.ts'
import type { Db } from '../db/database.ts'
import { badRequest, conflict, forbidden, notFound } from '../errors.ts'
import type { Viewer } from '../plugins/access.ts'
import { loggedChange } from './activity-log.ts'
import type { Tx } from '../db/write-transaction.ts'

export async function listAccounts(db: Db): Promise<Account[]> {
  const rows = await db.kysely
    .selectFrom('user')
    .select(['id', 'username', 'displayUsername', 'email', 'level', 'requestedLevel', 'disabled', 'createdAt'])
    .orderBy('username')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    userName: row.displayUsername || row.username || '',
    email: row.email,
    level: row.level,
    requestedLevel: row.requestedLevel,
    disabled: Boolean(row.disabled),
    createdAt: new Date(row.createdAt).toISOString(),
  }))
}

async function accountFor(tx: Tx, id: string) {
  const row = await tx
    .selectFrom('user')
    .select(['id', 'username', 'email', 'level', 'requestedLevel', 'disabled'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) throw notFound('That account does not exist.')
  return row
}

// An approver may only act on accounts below their own reach, and never on their own account:
// nobody raises their own level or locks themselves out.
function checkReach(approver: Viewer, target: { id: string; level: number }) {
  const reach = maxGrantableLevel(approver.level)
  if (target.id === approver.id) throw forbidden('You cannot change your own account.')
  if (target.level > reach) throw forbidden('That account is above the level you may manage.')
  return reach
}

export function setAccountLevel(db: Db, approver: Viewer, id: string, level: number) {
  return loggedChange(
    db,
    { methodName: 'setUserLevel', eventCollection: 'users', docId: id, userName: approver.userName },
    async (tx) => {
      const target = await accountFor(tx, id)
      const reach = checkReach(approver, target)
      if (level > reach) throw forbidden(`You may grant levels up to ${reach}.`)
      await tx.updateTable('user').set({ level, updatedAt: new Date().toISOString() }).where('id', '=', id).execute()
      return { id, userName: target.username, level }
    },
    { id, level },
  )
}

export function setAccountDisabled(db: Db, approver: Viewer, id: string, disabled: boolean) {
  return loggedChange(
    db,
    {
      methodName: disabled ? 'disableUser' : 'enableUser',
      eventCollection: 'users',
      docId: id,
      userName: approver.userName,
    },
    async (tx) => {
      const target = await accountFor(tx, id)
      checkReach(approver, target)
      await tx.updateTable('user').set({ disabled: disabled ? 1 : 0 }).where('id', '=', id).execute()
      // A disabled account is signed out everywhere at once.
      if (disabled) await tx.deleteFrom('session').where('userId', '=', id).execute()
      return { id, userName: target.username, disabled }
    },
    { id, disabled },
  )
}

export interface Registration {
  userName: string
  email: string
  password: string
  level: number
}

export async function register(db: Db, auth: Auth, registration: Registration) {
  const { userName, email, password, level } = registration
  assertAcceptablePassword(password, userName)
  const clash = await db.kysely
    .selectFrom('user')
    .select(['username', 'email'])
    .where((eb) => eb.or([eb('username', '=', userName.toLowerCase()), eb('email', '=', email)]))
    .executeTakeFirst()
  if (clash?.username === userName.toLowerCase()) {
    throw conflict(`The user name '${userName}' is already taken.`)
  }
  if (clash) throw conflict('An account with that e-mail address already exists.')
  try {
    const created = await auth.api.signUpEmail({
      body: { name: userName, email, password, username: userName, requestedLevel: level },
    })
    await db.kysely.deleteFrom('session').where('userId', '=', created.user.id).execute()
    await loggedChange(
      db,
      { methodName: 'register', eventCollection: 'users', docId: created.user.id, userName },
      async () => ({ userName, email, requestedLevel: level, level: 0 }),
    )
    return { id: created.user.id, userName, requestedLevel: level }
  } catch (error) {
    const message = (error as { body?: { message?: string } }).body?.message
    if (message) throw badRequest(message)
    throw error
  }
}
