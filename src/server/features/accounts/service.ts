import { LEVELS, maxGrantableLevel } from '#shared/domain/levels'
import { accountMessages } from '#shared/messages/accounts'
import type { Account } from '#shared/schemas/account'
import { addressOf } from '#server/core/auth/account-address'
import { conflict, forbidden, notFound, unprocessable } from '#server/core/errors'
import { readSiteLimit, writeSiteLimit, type SiteScope } from '#server/core/site-scope'
import { listSites } from '#server/features/sites/sql'
import type { Actor, Viewer } from '#server/core/viewer'
import { accountChange, loggedChange, recordKey } from '#server/core/logged-change'
import type { ReadTx } from '#server/core/db/write-transaction'
import type { Accounts } from '#server/features/accounts/context'
import { replaceOpenInvitations } from '#server/features/accounts/invitations-sql'
import * as accountsSql from '#server/features/accounts/sql'
import * as linksSql from '#server/features/accounts/account-email-links-sql'
import { findPerson, requirePersonInScope } from '#server/features/people/sql'
import { myAllotmentMessages } from '#shared/messages/my-allotment'

export async function listAccounts({ db, clock }: Accounts): Promise<Account[]> {
  const [rows, links] = await Promise.all([
    accountsSql.accountRows(db.kysely),
    linksSql.openLinks(db.kysely, clock.now().toISOString()),
  ])
  // In order of asking: the newest of an account's is the one kept.
  const pending = new Map(links.map((link) => [link.userId, link.email]))
  return rows.map((row) => ({
    id: row.id,
    userName: row.username ?? '',
    email: addressOf(row.email),
    pendingEmail: pending.get(row.id) ?? null,
    level: row.level,
    requestedLevel: row.requestedLevel,
    disabled: Boolean(row.disabled),
    createdAt: new Date(row.createdAt).toISOString(),
    personId: row.personId,
    sites: readSiteLimit(row.sites),
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

// Issue 46: the administrator limits an account to some sites (a site representative), or lets
// it reach every site again. Sites that do not exist are refused, nothing changed. The account's
// next request is narrowed: the limit is read with its session.
export function setAccountSites(
  { db }: Accounts,
  actor: Actor,
  id: string,
  sites: readonly number[] | null,
) {
  return loggedChange(
    db,
    { ...accountChange('setUserSites', id, actor), sites: sites ?? undefined },
    async (tx) => {
      const target = await accountFor(tx, id)
      checkReach(actor.viewer, target)
      const known = new Set((await listSites(tx)).map((site) => site.id))
      const unknown = (sites ?? []).filter((site) => !known.has(site))
      if (unknown.length) throw unprocessable(accountMessages.unknownSites(unknown))
      const limit = writeSiteLimit(sites)
      await accountsSql.setSites(tx, id, limit)
      return { id, userName: target.username, sites: readSiteLimit(limit) }
    },
    { id, sites },
  )
}

// Issue 29: the committee says whose an account is. The person is locked with the account, so
// their removal meanwhile waits, and neither belongs to two.
export function linkAccount(
  { db, clock }: Accounts,
  actor: Actor,
  scope: SiteScope,
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
        await requirePersonInScope(tx, scope, personId)
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

// Issue 42: an address asked for an account and not confirmed yet, which the committee doubts (a
// registration with someone else's address): its link stops working.
export function clearPendingEmail({ db, clock }: Accounts, actor: Actor, id: string) {
  return loggedChange(db, accountChange('clearPendingEmail', id, actor), async (tx) => {
    const target = await accountFor(tx, id)
    checkReach(actor.viewer, target)
    const cleared = await linksSql.endLinksOf(tx, id, clock.now().toISOString())
    return { id, userName: target.username, cleared }
  })
}
