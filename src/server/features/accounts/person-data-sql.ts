import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { mergeMessages } from '#shared/messages/merge'
import type { Erasure, ErasureLeftovers, PeopleMerge, PersonKeys } from '#server/core/hooks'
import { deleteLinksOf } from '#server/features/accounts/account-email-links-sql'
import { replaceOpenInvitations } from '#server/features/accounts/invitations-sql'
import { accountOfPerson, setPerson } from '#server/features/accounts/sql'

// The person's account, for their copy of what is held about them: its name, level and the
// sessions it has open (when and from where), and the invitations they were sent. Never a
// password hash, a session's token or a link's.

export async function accountDataOf(tx: ReadTx, { id }: PersonKeys) {
  const account =
    (await tx
      .selectFrom('user')
      .select(['id', 'username', 'email', 'level', 'disabled', 'createdAt'])
      .where('personId', '=', id)
      .executeTakeFirst()) ?? null
  const sessions = account
    ? await tx
        .selectFrom('session')
        .select(['createdAt', 'expiresAt', 'ipAddress', 'userAgent'])
        .where('userId', '=', account.id)
        .orderBy('createdAt')
        .execute()
    : []
  const invitations = await tx
    .selectFrom('invitations')
    .select(['email', 'invitedBy', 'createdAt', 'sentAt', 'expiresAt', 'endedAt', 'endedHow'])
    .where('personId', '=', id)
    .orderBy('id')
    .execute()
  return { account, sessions, invitations }
}

/**
 * A person's erasure: their account is disabled, unlinked and renamed to the marker's id (its
 * user name, e-mail address and name were theirs), its sessions, sign-in method and password
 * resets and the addresses asked for it deleted, and their invitations with them. Says the user name it had, for the log.
 */
export async function eraseAccount(tx: WriteTx, erasure: Erasure): Promise<ErasureLeftovers> {
  const invitations = await tx
    .deleteFrom('invitations')
    .where('personId', '=', erasure.id)
    .returning('id')
    .execute()
  const outboxFiles = invitations.map((invitation) => `invitation-${invitation.id}`)
  const account = await tx
    .selectFrom('user')
    .select(['id', 'username'])
    .where('personId', '=', erasure.id)
    .executeTakeFirst()
  if (!account) return { outboxFiles }
  await tx.deleteFrom('session').where('userId', '=', account.id).execute()
  await tx.deleteFrom('account').where('userId', '=', account.id).execute()
  const resets = await tx
    .deleteFrom('password_resets')
    .where('userId', '=', account.id)
    .returning('id')
    .execute()
  outboxFiles.push(...resets.map((reset) => `password-reset-${reset.id}`))
  outboxFiles.push(...(await deleteLinksOf(tx, account.id)))
  await tx
    .updateTable('user')
    .set({
      personId: null,
      personRemovedAt: erasure.at.toISOString(),
      disabled: 1,
      username: erasure.newId,
      displayUsername: erasure.newId,
      name: erasure.marker,
      email: `${erasure.newId}@erased.invalid`,
      updatedAt: erasure.at.toISOString(),
    })
    .where('id', '=', account.id)
    .execute()
  return { outboxFiles, formerUserName: account.username }
}

/**
 * An account belongs to one person and a person has one account (issue 29): two records that each
 * sign in are not merged until one account is unlinked.
 */
export async function accountsBlockMerge(tx: ReadTx, { kept, merged }: PeopleMerge) {
  const keptAccount = await accountOfPerson(tx, kept.id)
  const mergedAccount = await accountOfPerson(tx, merged.id)
  if (!keptAccount || !mergedAccount) return []
  const named = (id: string, account: { username: string | null }) =>
    `${id} as ${account.username ?? ''}`
  return [mergeMessages.bothSignIn(named(kept.id, keptAccount), named(merged.id, mergedAccount))]
}

/**
 * A merge (issue 46): the merged record's account, if it has one, signs in as the kept record
 * now, and the invitations it was sent are the kept record's; one still open ends once the kept
 * record has an account.
 */
export async function mergeAccount(tx: WriteTx, { kept, merged, at }: PeopleMerge) {
  await tx
    .updateTable('invitations')
    .set({ personId: kept.id })
    .where('personId', '=', merged.id)
    .execute()
  const account = (await accountOfPerson(tx, merged.id)) ?? (await accountOfPerson(tx, kept.id))
  if (!account) return
  await setPerson(tx, account.id, kept.id, at.toISOString())
  await replaceOpenInvitations(tx, [kept.id], at.toISOString())
  return { account: account.username }
}
