import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import type { Erasure, ErasureLeftovers, PersonKeys } from '#server/core/hooks'
import { deleteLinksOf } from '#server/features/accounts/account-email-links-sql'

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
