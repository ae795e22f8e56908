import { readFacilities, writeFacilities } from '#shared/domain/sites'
import type { Site, SiteFields } from '#shared/schemas/site'
import type { SiteRow } from '#server/core/db/schema'
import { updateAtVersion } from '#server/core/db/versioned'
import type { ReadTx, WriteTx } from '#server/core/db/write-transaction'
import { notFound, unprocessable } from '#server/core/errors'
import { siteMessages } from '#shared/messages/sites'

function toSite(row: SiteRow): Site {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    description: row.description,
    facilities: readFacilities(row.facilities),
    retiredOn: row.retiredOn,
    version: row.version,
  }
}

const fieldsOf = (site: SiteFields) => ({
  name: site.name,
  address: site.address,
  description: site.description,
  facilities: writeFacilities(site.facilities),
})

/** Every site, retired ones too, in the order they were added. */
export async function listSites(tx: ReadTx): Promise<Site[]> {
  const rows = await tx.selectFrom('sites').selectAll().orderBy('id').execute()
  return rows.map(toSite)
}

export async function findSite(tx: ReadTx, id: number): Promise<Site | undefined> {
  const row = await tx.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toSite(row)
}

export async function requireSite(tx: ReadTx, id: number): Promise<Site> {
  const site = await findSite(tx, id)
  if (!site) throw notFound(siteMessages.siteMissing)
  return site
}

/** A site that may take new records (a plot, a place on its list): one in use. */
export async function requireOpenSite(tx: ReadTx, id: number): Promise<Site> {
  const site = await requireSite(tx, id)
  if (site.retiredOn) throw unprocessable(siteMessages.siteRetired)
  return site
}

/** The first site added that is still in use: where a record goes when no site is named. */
export async function firstOpenSite(tx: ReadTx): Promise<Site> {
  const row = await tx
    .selectFrom('sites')
    .selectAll()
    .where('retiredOn', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow()
  return toSite(row)
}

/** Whether a site other than `exceptId` has that name (in any case). */
export async function siteNameTaken(tx: ReadTx, name: string, exceptId = 0): Promise<boolean> {
  const row = await tx
    .selectFrom('sites')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
    .where('id', '!=', exceptId)
    .executeTakeFirst()
  return row !== undefined
}

export async function insertSite(tx: WriteTx, site: SiteFields): Promise<Site> {
  const row = await tx
    .insertInto('sites')
    .values({ ...fieldsOf(site), retiredOn: null, version: 1 })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toSite(row)
}

/** Writes the site as its next version if still at `site.version`; 409 staleVersion otherwise. */
export async function updateSite(tx: WriteTx, site: Site): Promise<Site> {
  const values = { ...fieldsOf(site), retiredOn: site.retiredOn }
  return { ...site, version: await updateAtVersion(tx, 'sites', site.id, site.version, values) }
}
