import { accountMessages } from '#shared/messages/accounts'
import type { ChangeEmail } from '#shared/schemas/account'
import { conflict } from '#server/core/errors'
import { accountChange, loggedChange } from '#server/core/logged-change'
import type { Actor } from '#server/core/viewer'
import type { Accounts } from '#server/features/accounts/context'
import * as accountsSql from '#server/features/accounts/sql'

// My account: the member's own e-mail address (the administrator's was only ADMIN_EMAIL, set
// when the first start made the account).
export function changeOwnEmail({ db, clock }: Accounts, actor: Actor, change: ChangeEmail) {
  const { viewer } = actor
  return loggedChange(db, accountChange('changeEmail', viewer.id, actor), async (tx) => {
    const saved = await accountsSql.setEmail(tx, viewer.id, change.email, clock.now().toISOString())
    if (!saved) throw conflict(accountMessages.emailTaken)
    return { id: viewer.id, userName: viewer.userName, email: change.email }
  })
}
