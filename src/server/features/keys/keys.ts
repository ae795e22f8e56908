import { keyMessages } from '#shared/messages/keys'
import type { Key, KeyHolding, KeyInput } from '#shared/schemas/keys'
import { badRequest, notFound } from '#server/core/errors'
import { loggedChange, type LoggedChange } from '#server/core/logged-change'
import { requireSiteInScope, seesSite, type SiteScope } from '#server/core/site-scope'
import type { Viewer } from '#server/core/viewer'
import type { Keys } from '#server/features/keys/context'
import * as repo from '#server/features/keys/sql'
import { requirePersonInScope } from '#server/features/people/sql'
import { findSite } from '#server/features/sites/sql'

// The committee's keys of a site (issue 48, item 4, decision 64): listed with who holds each
// since when, and added, on the sites the viewer's account reaches.

export function listKeys({ db }: Keys, scope: SiteScope, siteId?: number): Promise<Key[]> {
  if (siteId !== undefined) requireSiteInScope(scope, siteId)
  return repo.listKeys(db.kysely, scope, siteId)
}

/** A key added to a site in scope: its number or label not already that site's. */
export function addKey({ db }: Keys, viewer: Viewer, scope: SiteScope, input: KeyInput) {
  const change: LoggedChange = {
    methodName: 'addKey',
    eventCollection: 'keys',
    docId: '',
    userName: viewer.userName,
    sites: [input.siteId],
    alsoLocks: [`keys-of-site:${input.siteId}`],
  }
  return loggedChange(
    db,
    change,
    async (tx) => {
      requireSiteInScope(scope, input.siteId)
      const site = await findSite(tx, input.siteId)
      if (!site) throw badRequest(keyMessages.siteMissing(input.siteId))
      if (await repo.keyNumberTaken(tx, site.id, input.number))
        throw badRequest(keyMessages.numberTaken(input.number, site.name))
      const id = await repo.insertKey(tx, input)
      change.docId = String(id)
      return requireKey(tx, id)
    },
    input,
  )
}

export async function requireKey(tx: Parameters<typeof repo.findKey>[0], id: number) {
  const key = await repo.findKey(tx, id)
  if (!key) throw notFound(keyMessages.keyMissing(id))
  return key
}

/**
 * A person's keys on the sites in scope, those held first: 404 for no such person, 403 for one
 * outside the scope (a former tenant, on no site now, is within it, for their keys to come back).
 */
export async function personKeys(
  { db }: Keys,
  scope: SiteScope,
  personId: string,
): Promise<KeyHolding[]> {
  await requirePersonInScope(db.kysely, scope, personId, { orUnplaced: true })
  const holdings = await repo.holdingsOf(db.kysely, personId)
  return holdings.filter((holding) => seesSite(scope, holding.siteId))
}

/** The keys a member holds now, for My allotment. */
export async function myKeys({ db }: Keys, personId: string): Promise<KeyHolding[]> {
  const holdings = await repo.holdingsOf(db.kysely, personId)
  return holdings.filter((holding) => holding.endedOn === null)
}
