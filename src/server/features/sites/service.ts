import { siteMessages } from '#shared/messages/sites'
import type { Site, SiteFields, UpdateSite } from '#shared/schemas/site'
import type { Clock } from '#server/core/clock'
import type { Db } from '#server/core/db/database'
import type { ReadTx } from '#server/core/db/write-transaction'
import { conflict, unprocessable } from '#server/core/errors'
import { refuseIfBlocked, type Hooks } from '#server/core/hooks'
import { loggedChange, type LoggedChange } from '#server/core/logged-change'
import type { Viewer } from '#server/core/viewer'
import * as sitesRepo from '#server/features/sites/sql'
import { requireSite } from '#server/features/sites/sql'

/** What sites' services take from the core. */
export interface Sites {
  db: Db
  clock: Clock
  hooks: Hooks
}

const NAMES_LOCK = 'sites:names'

function siteChange(methodName: string, docId: string, viewer: Viewer): LoggedChange {
  return { methodName, eventCollection: 'sites', docId, userName: viewer.userName }
}

export function listSites({ db }: Sites): Promise<Site[]> {
  return sitesRepo.listSites(db.kysely)
}

async function checkName(tx: ReadTx, name: string, exceptId?: number) {
  if (await sitesRepo.siteNameTaken(tx, name, exceptId)) throw conflict(siteMessages.nameInUse)
}

export function createSite({ db }: Sites, viewer: Viewer, input: SiteFields): Promise<Site> {
  // Two sites may not share a name: every change of a name takes the one lock of the names.
  const change = { ...siteChange('createSite', '', viewer), alsoLocks: [NAMES_LOCK] }
  return loggedChange(
    db,
    change,
    async (tx) => {
      await checkName(tx, input.name)
      const site = await sitesRepo.insertSite(tx, input)
      change.docId = String(site.id)
      return site
    },
    input,
  )
}

export function updateSite({ db }: Sites, viewer: Viewer, id: number, input: UpdateSite) {
  return loggedChange(
    db,
    { ...siteChange('updateSite', String(id), viewer), alsoLocks: [NAMES_LOCK] },
    async (tx) => {
      const current = await requireSite(tx, id)
      await checkName(tx, input.name, id)
      return sitesRepo.updateSite(tx, { ...current, ...input })
    },
    { id, ...input },
  )
}

/**
 * Retires a site: it leaves the choices of new plots and applications, its records stay. Refused
 * while plots on it are let, or when it is the last site in use.
 */
export function retireSite(
  { db, clock, hooks }: Sites,
  viewer: Viewer,
  id: number,
  version: number,
): Promise<Site> {
  return loggedChange(
    db,
    { ...siteChange('retireSite', String(id), viewer), alsoLocks: [NAMES_LOCK] },
    async (tx) => {
      const site = await requireSite(tx, id)
      if (site.retiredOn) return sitesRepo.updateSite(tx, { ...site, version })
      const inUse = (await sitesRepo.listSites(tx)).filter((other) => !other.retiredOn)
      if (inUse.length <= 1) throw unprocessable(siteMessages.lastSite)
      await refuseIfBlocked(hooks.siteRetirementBlockers, tx, site)
      return sitesRepo.updateSite(tx, { ...site, version, retiredOn: clock.today() })
    },
    { id, version },
  )
}

/** Brings a retired site back into use. */
export function reopenSite({ db }: Sites, viewer: Viewer, id: number, version: number) {
  return loggedChange(
    db,
    siteChange('reopenSite', String(id), viewer),
    async (tx) => {
      const site = await requireSite(tx, id)
      return sitesRepo.updateSite(tx, { ...site, version, retiredOn: null })
    },
    { id, version },
  )
}
