import { addressOf } from '#server/core/auth/account-address'
import { LEVELS } from '#shared/domain/levels'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'

// The accounts' tables (user, session, account), which better-auth creates and writes at sign-up
// and sign-in; everything else the association does with them is here.

/** Whether any account exists yet (the first start makes the administrator's). */
export async function anyAccount(tx: ReadTx): Promise<boolean> {
  return (await tx.selectFrom('user').select('id').limit(1).executeTakeFirst()) !== undefined
}

/** Whether someone holds exactly this level (a committee member besides the administrators). */
export async function anyAccountAtLevel(tx: ReadTx, level: number): Promise<boolean> {
  const row = await tx
    .selectFrom('user')
    .select('id')
    .where('level', '=', level)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** The e-mail addresses of the enabled administrators (a failed backup is told to them). */
export async function administratorEmails(tx: ReadTx): Promise<string[]> {
  const rows = await tx
    .selectFrom('user')
    .select('email')
    .where('level', '=', LEVELS.admin)
    .where('disabled', '=', 0)
    .orderBy('username')
    .execute()
  // An address never confirmed is a placeholder no mail may reach.
  return rows.map((row) => addressOf(row.email)).filter(Boolean)
}

/** Every account, by user name, for the committee's list. */
export function accountRows(tx: ReadTx) {
  return tx
    .selectFrom('user')
    .select(['id', 'username', 'email', 'level', 'requestedLevel', 'disabled', 'createdAt'])
    .select(['personId', 'sites'])
    .orderBy('username')
    .execute()
}

export function accountRow(tx: ReadTx, id: string) {
  return tx
    .selectFrom('user')
    .select(['id', 'username', 'email', 'level', 'requestedLevel', 'disabled'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** The account's id by its (lower-case) user name. */
export async function accountIdByName(tx: ReadTx, userName: string) {
  const row = await tx
    .selectFrom('user')
    .select('id')
    .where('username', '=', userName)
    .executeTakeFirst()
  return row?.id
}

/** An account already holding the user name (lower-case) or the e-mail address, if any. */
export function accountHolding(tx: ReadTx, userName: string, email: string) {
  return tx
    .selectFrom('user')
    .select(['username', 'email'])
    .where((eb) => eb.or([eb('username', '=', userName), eb('email', '=', email)]))
    .executeTakeFirst()
}

/** The hash of the account's password, if it has one. */
export async function passwordHash(tx: ReadTx, userId: string) {
  const row = await tx
    .selectFrom('account')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst()
  return row?.password ?? undefined
}

/** The new password's hash, and whether it must be replaced at the next sign-in. */
export async function setPasswordHash(
  tx: WriteTx,
  userId: string,
  hash: string,
  mustChangePassword: boolean,
  now: string,
): Promise<void> {
  await tx
    .updateTable('account')
    .set({ password: hash, updatedAt: now })
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .execute()
  await tx
    .updateTable('user')
    .set({ mustChangePassword: mustChangePassword ? 1 : 0, updatedAt: now })
    .where('id', '=', userId)
    .execute()
}

/** The account whose own address this is (any case), other than `exceptId`, if any. */
export function addressHolder(tx: ReadTx, email: string, exceptId = '') {
  return tx
    .selectFrom('user')
    .select(['id', 'username'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('id', '!=', exceptId)
    .executeTakeFirst()
}

/** Makes the address the account's; false when another account holds it already. */
export async function setEmail(tx: WriteTx, id: string, email: string, now: string) {
  if (await addressHolder(tx, email, id)) return false
  await tx.updateTable('user').set({ email, updatedAt: now }).where('id', '=', id).execute()
  return true
}

export async function setLevel(tx: WriteTx, id: string, level: number, now: string) {
  await tx.updateTable('user').set({ level, updatedAt: now }).where('id', '=', id).execute()
}

export async function setDisabled(tx: WriteTx, id: string, disabled: boolean) {
  await tx
    .updateTable('user')
    .set({ disabled: disabled ? 1 : 0 })
    .where('id', '=', id)
    .execute()
}

/** The first administrator, made by the first start: one-time password to replace. */
export async function makeFirstAdministrator(tx: WriteTx, id: string) {
  await tx
    .updateTable('user')
    .set({ level: LEVELS.admin, mustChangePassword: 1 })
    .where('id', '=', id)
    .execute()
}

/** An enabled administrator again (the recovery command). */
export async function restoreAdministrator(tx: WriteTx, id: string) {
  await tx
    .updateTable('user')
    .set({ level: LEVELS.admin, disabled: 0 })
    .where('id', '=', id)
    .execute()
}

/** Signs the account out everywhere. */
export async function endSessions(tx: WriteTx, userId: string): Promise<void> {
  await tx.deleteFrom('session').where('userId', '=', userId).execute()
}

/** Signs the account out everywhere but the session `keptToken`; how many ended. */
export async function endSessionsBut(
  tx: WriteTx,
  userId: string,
  keptToken: string,
): Promise<number> {
  const ended = await tx
    .deleteFrom('session')
    .where('userId', '=', userId)
    .where('token', '!=', keptToken)
    .executeTakeFirst()
  return Number(ended.numDeletedRows)
}

/** The account the person has, if any. */
export function accountOfPerson(tx: ReadTx, personId: string) {
  return tx
    .selectFrom('user')
    .select(['id', 'username'])
    .where('personId', '=', personId)
    .executeTakeFirst()
}

/** Links the account to the person (or to no one, with null). */
export async function setPerson(tx: WriteTx, id: string, personId: string | null, now: string) {
  await tx
    .updateTable('user')
    .set({ personId, personRemovedAt: null, updatedAt: now })
    .where('id', '=', id)
    .execute()
}

/** Ends the link of the person's account, if any, saying when: their record is being removed. */
export async function personRemoved(tx: WriteTx, personId: string, now: string) {
  const ended = await tx
    .updateTable('user')
    .set({ personId: null, personRemovedAt: now })
    .where('personId', '=', personId)
    .returning('username')
    .executeTakeFirst()
  return ended?.username ?? undefined
}

/** When the account's newest session began: its last sign-in, while any session lasts. */
export async function lastSessionStart(tx: ReadTx, userId: string): Promise<string | null> {
  const row = await tx
    .selectFrom('session')
    .select((eb) => eb.fn.max('createdAt').as('latest'))
    .where('userId', '=', userId)
    .executeTakeFirst()
  return row?.latest ? new Date(row.latest).toISOString() : null
}

/** Every account that belongs to a person, with the person and when the account was made. */
export function linkedAccounts(tx: ReadTx) {
  return tx
    .selectFrom('user')
    .select(['personId', 'createdAt'])
    .where('personId', 'is not', null)
    .execute()
}

/** The sites the account is limited to (issue 46), as the row keeps them ('' for every site). */
export async function setSites(tx: WriteTx, id: string, sites: string): Promise<void> {
  await tx.updateTable('user').set({ sites }).where('id', '=', id).execute()
}

/**
 * What a private calendar address shows is the account's as it stands (decision 63): its level,
 * its limit to some sites, its person, and whether it is disabled.
 */
export function calendarAccount(tx: ReadTx, id: string) {
  return tx
    .selectFrom('user')
    .select(['id', 'level', 'disabled', 'sites', 'personId'])
    .where('id', '=', id)
    .executeTakeFirst()
}
