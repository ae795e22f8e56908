import { LEVELS } from '#shared/domain/levels'
import { accountMessages } from '#shared/messages/accounts'
import type { Registration } from '#shared/schemas/register'
import { placeholderAddress } from '#server/core/auth/account-address'
import { assertAcceptablePassword } from '#server/core/auth/password-policy'
import { badRequest, conflict } from '#server/core/errors'
import { loggedWrite } from '#server/core/logged-change'
import { askForAddress, type AccountEmails } from '#server/features/accounts/account-email'
import * as accountsSql from '#server/features/accounts/sql'

// Registering makes an account at level 0, waiting for the committee, that holds no address of
// its own: the one given is asked for it, and becomes its own once the link sent there is
// followed (issue 42: anyone could register a member's address, which then blocked the member's
// invitation and took their password resets). The answer is the same whether or not the address
// is another account's: that account's owner is told instead, by the e-mail's job. A taken user
// name may be said to be taken.
export async function register(
  emails: AccountEmails,
  { userName, email, password, level }: Registration,
  clientAddress: string,
) {
  const { db, auth, jobs } = emails
  assertAcceptablePassword(password, userName)
  if (await accountsSql.accountIdByName(db.kysely, userName.toLowerCase()))
    throw conflict(accountMessages.userNameTaken(userName))
  try {
    const created = await auth.api.signUpEmail({
      body: {
        name: userName,
        email: placeholderAddress(),
        password,
        username: userName,
        requestedLevel: level,
      },
    })
    const userId = created.user.id
    // better-auth signs a new account in; a registration waits for the committee instead.
    await loggedWrite(db, [], async (tx, log) => {
      await accountsSql.endSessions(tx, userId)
      await askForAddress(emails, tx, userId, email)
      log(
        {
          methodName: 'register',
          eventCollection: 'users',
          docId: userId,
          userName,
          clientAddress,
        },
        { userName, email, requestedLevel: level, level: LEVELS.guest },
      )
    })
    jobs.wake()
    return { userName, requestedLevel: level }
  } catch (error) {
    const message = (error as { body?: { message?: string } }).body?.message
    if (message) throw badRequest(message)
    throw error
  }
}
